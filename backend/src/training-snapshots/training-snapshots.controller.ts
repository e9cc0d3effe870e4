import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { SnapshotQueryDto, TrainingSnapshotResponse } from './training-snapshots.dto';
import { TrainingSnapshotsService } from './training-snapshots.service';
import { SectionItemResponse } from '../training-jobs/training-data.responses';
import { Access } from '../common/access';

@ApiTags('training-snapshots')
@ApiExtraModels(SectionItemResponse)
@Access('training-snapshots', 'read')
@Controller('training-snapshots')
export class TrainingSnapshotsController {
  constructor(private readonly snapshots: TrainingSnapshotsService) {}

  @Get()
  @ApiOperation({ summary: 'Clustered sections of training jobs, newest first; start/end keep the items published in that range' })
  @ApiOkResponse({ type: [TrainingSnapshotResponse] })
  list(@CurrentUser() user: AuthUser, @Query() query: SnapshotQueryDto): Promise<TrainingSnapshotResponse[]> {
    return this.snapshots.list(user, query);
  }
}
