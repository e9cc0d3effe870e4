import { OMITTABLE_PARAMETERS } from '../integrations/openai/chat-parameters';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JobTimesResponse } from '../common/api-docs';
import { RecordedSpentResponse, SpentResponse } from '../common/spent.dto';
import { ApiExamplesUsed, UsedExampleResponse } from '../examples/used-example.dto';
import { TrainingJobResponse } from '../training-jobs/training-jobs.dto';
import { HistoryRow } from './history.repository';
import { BulkProgressResponse } from '../bulk/bulk.dto';

export class OmittedParametersResponse {
  @ApiProperty({ description: "The section's place in the article, from 0" })
  position!: number;

  @ApiProperty({ description: 'The section heading' })
  section!: string;

  @ApiProperty({ description: 'The model it was written with' })
  model!: string;

  @ApiProperty({ enum: OMITTABLE_PARAMETERS, isArray: true, example: ['temperature', 'logit_bias'], description: "The section's settings not sent as it asks" })
  parameters!: string[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "Why, per parameter: OpenAI's own words when it refused it",
    example: { logit_bias: "Unsupported parameter: 'logit_bias' is not supported with this model." },
  })
  reasons!: Record<string, string>;

  @ApiProperty({ type: [String], description: 'Words of its bias list the first answer used, so the section was written once more with them named' })
  rewritten!: string[];

  @ApiProperty({ type: [String], description: 'Words to avoid still in the text kept after the second write' })
  slipped!: string[];
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

  @ApiPropertyOptional({
    type: [OmittedParametersResponse],
    description:
      "Generation only: sections not written as they ask, in the order written: settings their model refused (and OpenAI's words), and a word list kept by instructions where logit_bias was refused",
  })
  omittedParameters?: OmittedParametersResponse[];

  @ApiPropertyOptional({
    type: BulkProgressResponse,
    description:
      "Generation only, for a bulk template's article (OpenAI's Batch API, or Anthropic's Message Batches for a model on an Anthropic provider): its round, its current batch's status and counts, when it should be done; absent for an article written at once",
  })
  bulk?: BulkProgressResponse;
}

/** Spec §3 History/job entry, with the progress of a running generation. */
export class HistoryResponse extends JobTimesResponse {
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

  @ApiProperty({ type: String, nullable: true, description: 'Why it failed, or what it noted' })
  message!: string | null;

  @ApiProperty({ type: HistoryMetaResponse })
  meta!: HistoryMetaResponse;
}

export function toHistoryResponse(row: HistoryRow, bulk: BulkProgressResponse | null = null): HistoryResponse {
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
            omittedParameters: [...(row.omitted_parameters ?? [])]
              .sort((a, b) => a.position - b.position)
              .map((note) => ({ ...note, reasons: note.reasons ?? {}, rewritten: note.rewritten ?? [], slipped: note.slipped ?? [] })),
            ...(bulk ? { bulk } : {}),
          }
        : { viewUrl: row.view_url },
  };
}

/** One section as it was written: the request as sent (placeholders filled) and what it spent. */
export class HistorySectionResponse extends RecordedSpentResponse {
  @ApiProperty({ description: "The section's place in the article, from 0" })
  position!: number;

  @ApiProperty()
  heading!: string;

  @ApiProperty({ description: 'The text as OpenAI wrote it (Markdown), as it went to Notion and the Doc' })
  content!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The model asked (a tuned model by its OpenAI name); null for a section written before Quire recorded it',
  })
  model!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'As sent; null when not sent (the model refuses it) or not recorded' })
  temperature!: number | null;

  @ApiProperty({ type: String, nullable: true, description: "The reasoning_effort sent; null when none was (the model's default)" })
  reasoning_effort!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The section's bias word list" })
  logit_bias_group!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The system message as sent' })
  system_message!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The user message as sent' })
  user_message!: string | null;

  @ApiProperty({ description: "The API's usage.prompt_tokens_details.cached_tokens (0 when it reports none)" })
  cached_tokens!: number;

  @ApiProperty({ description: "The API's usage.completion_tokens_details.reasoning_tokens: part of completion_tokens, priced as output (0 when none)" })
  reasoning_tokens!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'How long the OpenAI request took' })
  duration_ms!: number | null;

  @ApiExamplesUsed()
  examples!: UsedExampleResponse[] | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      "The version of its section the article's entry equalled when this section was written (see the article's section_version); null when it equalled none, or for a section written before Quire recorded it",
  })
  section_version!: number | null;

  @ApiProperty({
    description:
      "Written through OpenAI's Batch API or Anthropic's Message Batches (a bulk template): its cost is at the batch price, half the synchronous one",
  })
  batch!: boolean;
}

export class StoppedAtResponse {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The first section not written; null when every section was written (it failed delivering) or none could start',
  })
  position!: number | null;

  @ApiProperty({ description: 'Why, as History says it' })
  reason!: string;
}

/** An entry as the list shows it, plus what it wrote (generation) or its job (training). */
export class HistoryDetailResponse extends HistoryResponse {
  @ApiPropertyOptional({ type: [HistorySectionResponse], description: 'Generation only: the sections written, in order' })
  sections?: HistorySectionResponse[];

  @ApiPropertyOptional({ type: SpentResponse, description: "Generation only: the sections' tokens and cost summed" })
  usage?: SpentResponse;

  @ApiPropertyOptional({ description: 'Generation only: the Notion page' })
  notion_url?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Generation only: the Google Doc, once written' })
  doc_url?: string | null;

  @ApiPropertyOptional({ type: StoppedAtResponse, description: 'A failed generation only: where and why it stopped' })
  stopped_at?: StoppedAtResponse;

  @ApiPropertyOptional({ type: TrainingJobResponse, description: 'Training only: the job as GET /api/training-jobs/{id} answers it' })
  job?: TrainingJobResponse;
}
