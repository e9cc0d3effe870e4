import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HistoryRow } from './history.repository';

export class OmittedParametersResponse {
  @ApiProperty({ description: "The section's place in the article, from 0" })
  position!: number;

  @ApiProperty({ description: 'The section heading' })
  section!: string;

  @ApiProperty({ description: 'The (reasoning) model that refuses them' })
  model!: string;

  @ApiProperty({ type: [String], example: ['temperature', 'logit_bias'] })
  parameters!: string[];
}

export class HistoryMetaResponse {
  @ApiProperty({ type: String, nullable: true, description: 'The Notion page (generation) or the model (training)' })
  viewUrl!: string | null;

  @ApiPropertyOptional({ description: 'Generation only: sections written so far' })
  sectionsDone?: number;

  @ApiPropertyOptional({ description: 'Generation only: sections in the article' })
  sectionsTotal?: number;

  @ApiPropertyOptional({ description: 'Generation only: tokens used' })
  tokens?: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Generation only: from start to end, once finished' })
  durationMs?: number | null;

  @ApiPropertyOptional({ type: [OmittedParametersResponse], description: 'Generation only: sections sent without parameters their (reasoning) model refuses, in the order written' })
  omittedParameters?: OmittedParametersResponse[];
}

/** Spec §3 History/job entry, with the progress of a running generation. */
export class HistoryResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ enum: ['generation', 'training'] })
  _type!: 'generation' | 'training';

  @ApiProperty()
  title!: string;

  @ApiProperty({ example: 'Completed' })
  status!: string;

  @ApiProperty({ type: String, nullable: true })
  article_type!: string | null;

  @ApiProperty({ type: String, nullable: true })
  job_type!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  timestamp!: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  startedAt!: Date | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completedAt!: Date | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why it failed, or what it noted' })
  message!: string | null;

  @ApiProperty({ type: HistoryMetaResponse })
  meta!: HistoryMetaResponse;
}

export function toHistoryResponse(row: HistoryRow): HistoryResponse {
  return {
    _id: row.id,
    _type: row.type,
    title: row.title,
    status: row.status,
    article_type: row.article_type,
    job_type: row.job_type,
    timestamp: new Date(row.timestamp),
    startedAt: row.started_at ? new Date(row.started_at) : null,
    completedAt: row.completed_at ? new Date(row.completed_at) : null,
    message: row.message,
    meta:
      row.type === 'generation'
        ? {
            viewUrl: row.view_url,
            sectionsDone: row.sections_done ?? 0,
            sectionsTotal: row.sections_total ?? 0,
            tokens: row.tokens ?? 0,
            durationMs: row.started_at && row.completed_at ? new Date(row.completed_at).getTime() - new Date(row.started_at).getTime() : null,
            omittedParameters: [...(row.omitted_parameters ?? [])].sort((a, b) => a.position - b.position),
          }
        : { viewUrl: row.view_url },
  };
}
