import { Module } from '@nestjs/common';
import { TrainingSnapshotsController } from './training-snapshots.controller';
import { TrainingSnapshotsRepository } from './training-snapshots.repository';
import { TrainingSnapshotsService } from './training-snapshots.service';

@Module({
  controllers: [TrainingSnapshotsController],
  providers: [TrainingSnapshotsService, TrainingSnapshotsRepository],
})
export class TrainingSnapshotsModule {}
