import { Module } from '@nestjs/common';
import { HistoryController } from './history.controller';
import { HistoryRepository } from './history.repository';
import { HistoryService } from './history.service';
import { UsageController } from './usage.controller';
import { TrainingJobsModule } from '../training-jobs/training-jobs.module';
import { BulkModule } from '../bulk/bulk.module';
import { GenerationModule } from '../generation/generation.module';

@Module({
  imports: [TrainingJobsModule, GenerationModule, BulkModule],
  controllers: [HistoryController, UsageController],
  providers: [HistoryRepository, HistoryService],
})
export class HistoryModule {}
