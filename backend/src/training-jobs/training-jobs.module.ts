import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { JobCrawler } from './job-crawler';
import { TrainingCollectionService } from './training-collection.service';
import { TrainingJobsController } from './training-jobs.controller';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingJobsRunner } from './training-jobs.runner';
import { TrainingJobsService } from './training-jobs.service';
import { TrainingPagesRepository } from './training-pages.repository';

@Module({
  imports: [UsersModule],
  controllers: [TrainingJobsController],
  providers: [TrainingJobsService, TrainingJobsRepository, TrainingPagesRepository, TrainingCollectionService, JobCrawler, TrainingJobsRunner],
  exports: [TrainingJobsRepository],
})
export class TrainingJobsModule {}
