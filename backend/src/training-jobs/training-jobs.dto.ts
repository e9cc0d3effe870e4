import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CLUSTERING_MODES, ClusteringMode, TrainingJobMeta, TrainingJobRow } from './training-jobs.schema';

export class SubmitUrlDto {
  @ApiProperty({ description: 'A page, a site root or a sitemap (index), http(s)' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'url must be text' })
  @MinLength(1, { message: 'url is required' })
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  url!: string;

  @ApiPropertyOptional({ enum: CLUSTERING_MODES, description: "text (default) or embeddings (OpenAI, with the operator's key)" })
  @IsOptional()
  @IsIn(CLUSTERING_MODES, { message: 'clustering must be text or embeddings' })
  clustering?: ClusteringMode;
}

export interface TrainingJobResponse {
  _id: string;
  _type: 'training';
  status: string;
  url: string;
  message: string | null;
  timestamp: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  meta: TrainingJobMeta;
}

export function toTrainingJobResponse(row: TrainingJobRow): TrainingJobResponse {
  return {
    _id: row.id,
    _type: 'training',
    status: row.status,
    url: row.url,
    message: row.message,
    timestamp: row.timestamp,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    meta: row.meta,
  };
}
