import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';
import { TrainingSnapshotRow } from '../training-jobs/training-snapshots.schema';
import { ClusteredPoolResponse, RawMetaResponse, SnapshotCountsResponse } from '../training-jobs/training-data.responses';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

export class SnapshotQueryDto {
  @ApiPropertyOptional({ description: 'First publication date to include (yyyy-MM-dd or an ISO timestamp; its date is used)' })
  @IsOptional()
  @Matches(ISO_DATE, { message: 'start must be a date (yyyy-MM-dd)' })
  start?: string;

  @ApiPropertyOptional({ description: 'Last publication date to include (inclusive)' })
  @IsOptional()
  @Matches(ISO_DATE, { message: 'end must be a date (yyyy-MM-dd)' })
  end?: string;

  @ApiPropertyOptional({ description: "Only this training job's snapshot" })
  @IsOptional()
  @IsUUID('all', { message: 'jobId must be a training job id' })
  jobId?: string;
}

export class SnapshotDataResponse {
  @ApiProperty({ type: ClusteredPoolResponse, description: 'Titles with their intros' })
  h1sAndIntros!: ClusteredPoolResponse;

  @ApiProperty({ type: ClusteredPoolResponse })
  sections!: ClusteredPoolResponse;
}

export class SnapshotMetaResponse {
  @ApiPropertyOptional({ type: SnapshotCountsResponse })
  counts?: SnapshotCountsResponse;

  @ApiPropertyOptional({ type: RawMetaResponse })
  rawMeta?: RawMetaResponse;
}

export class TrainingSnapshotResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ format: 'uuid' })
  jobId!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: Date;

  @ApiProperty({ type: SnapshotDataResponse, description: 'Only items published in start..end remain when dates are given; clusters keep their index' })
  data!: TrainingSnapshotRow['data'];

  @ApiProperty({ type: SnapshotMetaResponse })
  meta!: TrainingSnapshotRow['meta'];
}

export function toSnapshotResponse(row: TrainingSnapshotRow, data: TrainingSnapshotRow['data']): TrainingSnapshotResponse {
  return { _id: row.id, jobId: row.jobId, createdAt: row.createdAt, data, meta: row.meta };
}
