import { Module } from '@nestjs/common';
import { ExamplesModule } from '../examples/examples.module';
import { ModelsModule } from '../models/models.module';
import { UsersModule } from '../users/users.module';
import { EvaluationsController } from './evaluations.controller';
import { EvaluationsRepository } from './evaluations.repository';
import { EvaluationsRunner } from './evaluations.runner';
import { EvaluationsService } from './evaluations.service';

/** Evaluations of a model's examples: held out, written again by each variant, scored, judged blind, exported for Promptfoo. */
@Module({
  imports: [UsersModule, ModelsModule, ExamplesModule],
  controllers: [EvaluationsController],
  providers: [EvaluationsRepository, EvaluationsService, EvaluationsRunner],
})
export class EvaluationsModule {}
