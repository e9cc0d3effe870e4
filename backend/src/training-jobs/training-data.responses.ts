import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

/** The kinds of block a parsed article holds (@quire/shared's ContentBlock). */
export const CONTENT_BLOCK_TYPES = ['p', 'h3', 'blockquote', 'code', 'ul', 'ol', 'hr'] as const;

/** A block of an article as plain text: `text` for paragraphs and the like, `items` for lists, neither for a rule. */
export class ContentBlockResponse {
  @ApiProperty({ enum: CONTENT_BLOCK_TYPES })
  type!: (typeof CONTENT_BLOCK_TYPES)[number];

  @ApiPropertyOptional()
  text?: string;

  @ApiPropertyOptional({ type: [String] })
  items?: string[];
}

/** One entry of a cluster (spec §3 "Section item"). */
export class SectionItemResponse {
  @ApiProperty({ type: String, nullable: true, example: '2024-05-01', description: 'yyyy-MM-dd' })
  published_date!: string | null;

  @ApiProperty({ description: 'Normalised heading (lower case, numbering removed)' })
  heading!: string;

  @ApiProperty()
  originalHeading!: string;

  @ApiProperty({ type: [ContentBlockResponse] })
  children!: ContentBlockResponse[];

  @ApiProperty({ description: 'Stable for the same URL and position' })
  uuid!: string;

  @ApiProperty()
  article_uuid!: string;
}

/** A clustered pool: clusters of items, most representative first, and their sub-clusters. */
export class ClusteredPoolResponse {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { $ref: getSchemaPath(SectionItemResponse) } },
    description: 'clusters[c]: the items of cluster c',
  })
  clusters!: SectionItemResponse[][];

  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
    description: 'subClusters[c][s]: positions in clusters[c] of the members of sub-cluster s',
  })
  subClusters!: number[][][];
}

export class PoolCountsResponse {
  @ApiProperty()
  clusters!: number;

  @ApiProperty()
  subClusters!: number;
}

export class SnapshotCountsResponse {
  @ApiProperty({ type: PoolCountsResponse })
  h1sAndIntros!: PoolCountsResponse;

  @ApiProperty({ type: PoolCountsResponse })
  sections!: PoolCountsResponse;
}

export class RawMetaResponse {
  @ApiProperty({ format: 'uuid' })
  uuid!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
