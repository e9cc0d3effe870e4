import { Module } from '@nestjs/common';
import { TrainingJobsController } from './training-jobs.controller';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingJobsService } from './training-jobs.service';

@Module({
  controllers: [TrainingJobsController],
  providers: [TrainingJobsService, TrainingJobsRepository],
  exports: [TrainingJobsRepository],
})
export class TrainingJobsModule {}
