import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { JobCrawler } from './job-crawler';
import { TrainingCollectionService } from './training-collection.service';
import { TrainingJobsController } from './training-jobs.controller';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingJobsService } from './training-jobs.service';
import { TrainingPagesRepository } from './training-pages.repository';

@Module({
  imports: [WorkspacesModule],
  controllers: [TrainingJobsController],
  providers: [TrainingJobsService, TrainingJobsRepository, TrainingPagesRepository, TrainingCollectionService, JobCrawler],
  exports: [TrainingJobsRepository],
})
export class TrainingJobsModule {}
