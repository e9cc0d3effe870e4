import { Module } from '@nestjs/common';
import { ModelsModule } from '../models/models.module';
import { UsersModule } from '../users/users.module';
import { FineTuneFollower } from './fine-tune-follower';
import { FineTuneJobsController } from './fine-tune-jobs.controller';
import { FineTuneJobsRepository } from './fine-tune-jobs.repository';
import { FineTuneJobsService } from './fine-tune-jobs.service';

@Module({
  imports: [ModelsModule, UsersModule],
  controllers: [FineTuneJobsController],
  providers: [FineTuneJobsService, FineTuneJobsRepository, FineTuneFollower],
  exports: [FineTuneFollower, FineTuneJobsRepository],
})
export class FineTuneJobsModule {}
