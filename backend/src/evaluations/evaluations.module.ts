import { Module } from '@nestjs/common';
import { ExamplesModule } from '../examples/examples.module';
import { ModelsModule } from '../models/models.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { EvaluationsController } from './evaluations.controller';
import { EvaluationsRepository } from './evaluations.repository';
import { EvaluationsService } from './evaluations.service';

/** Evaluations of a model's examples: held out, written again by each variant, scored, judged blind, exported for Promptfoo. */
@Module({
  imports: [WorkspacesModule, ModelsModule, ExamplesModule],
  controllers: [EvaluationsController],
  providers: [EvaluationsRepository, EvaluationsService],
})
export class EvaluationsModule {}
