import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { JobTimesResponse } from '../common/api-docs';
import { IsOmittable } from '../common/validation';
import { CLUSTERING_MODES, ClusteringMode, TrainingJobMeta, TrainingJobRow } from './training-jobs.schema';
import { RawMetaResponse, SnapshotCountsResponse } from './training-data.responses';

export class SubmitUrlDto {
  @ApiProperty({ description: 'A page, a site root or a sitemap (index), http(s)' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'url must be text' })
  @MinLength(1, { message: 'url is required' })
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  url!: string;

  @ApiPropertyOptional({ enum: CLUSTERING_MODES, description: "text (default) or embeddings (OpenAI, with the operator's key)" })
  @IsOmittable()
  @IsIn(CLUSTERING_MODES, { message: 'clustering must be text or embeddings' })
  clustering?: ClusteringMode;
}

export class CrawlProgressResponse {
  @ApiProperty({ description: 'Pages found (sitemaps and links)' })
  found!: number;

  @ApiProperty()
  fetched!: number;

  @ApiProperty()
  articles!: number;

  @ApiProperty()
  sections!: number;
}

export class ClusterSizesResponse {
  @ApiProperty({ type: [Number] })
  h1sAndIntros!: number[];

  @ApiProperty({ type: [Number] })
  sections!: number[];
}

export class TrainingJobMetaResponse {
  @ApiPropertyOptional({ example: '/training/view/…' })
  viewUrl?: string;

  @ApiPropertyOptional({ enum: ['sitemap', 'links'], description: 'How the pages were found' })
  discovery?: string;

  @ApiPropertyOptional({ type: CrawlProgressResponse })
  progress?: CrawlProgressResponse;

  @ApiPropertyOptional({ type: SnapshotCountsResponse })
  counts?: SnapshotCountsResponse;

  @ApiPropertyOptional({ type: RawMetaResponse })
  rawMeta?: RawMetaResponse;

  @ApiPropertyOptional({ type: ClusterSizesResponse, description: 'Sizes of the clusters, largest first' })
  clusterSizes?: ClusterSizesResponse;
}

export class TrainingJobResponse extends JobTimesResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ enum: ['training'] })
  _type!: 'training';

  @ApiProperty({ enum: ['queued', 'running', 'completed', 'failed'] })
  status!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ type: String, nullable: true })
  message!: string | null;

  @ApiProperty({ type: TrainingJobMetaResponse })
  meta!: TrainingJobMeta;
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
