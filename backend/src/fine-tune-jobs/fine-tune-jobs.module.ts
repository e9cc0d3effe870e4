import { Module } from '@nestjs/common';
import { ModelsModule } from '../models/models.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { FineTuneFollower } from './fine-tune-follower';
import { FineTuneJobsController } from './fine-tune-jobs.controller';
import { FineTuneJobsRepository } from './fine-tune-jobs.repository';
import { FineTuneJobsService } from './fine-tune-jobs.service';

@Module({
  imports: [ModelsModule, WorkspacesModule],
  controllers: [FineTuneJobsController],
  providers: [FineTuneJobsService, FineTuneJobsRepository, FineTuneFollower],
  exports: [FineTuneFollower, FineTuneJobsRepository],
})
export class FineTuneJobsModule {}
