import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { UserRow } from '../users/users.schema';
import { SnapshotQueryDto, TrainingSnapshotResponse } from './training-snapshots.dto';
import { TrainingSnapshotsService } from './training-snapshots.service';

@ApiTags('training-snapshots')
@Controller('training-snapshots')
export class TrainingSnapshotsController {
  constructor(private readonly snapshots: TrainingSnapshotsService) {}

  @Get()
  @ApiOperation({ summary: 'Clustered sections of training jobs, newest first; start/end keep the items published in that range' })
  list(@CurrentUser() user: UserRow, @Query() query: SnapshotQueryDto): Promise<TrainingSnapshotResponse[]> {
    return this.snapshots.list(user.id, query);
  }
}
