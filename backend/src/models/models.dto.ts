import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  Matches,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import type { FineTuneRefusal } from '../integrations/openai/fine-tune-refusals.repository';
import { IsOmittable } from '../common/validation';
import { Eligibility } from './model-eligibility';
import { ModelWithState } from './models.repository';
import { ChatMessage, ModelExampleRow } from './models.schema';
import { canDelete, canFineTune } from './model-eligibility';

/** About 20,000 characters a message: well past any section, far below OpenAI's limits. */
const MAX_MESSAGE_LENGTH = 20_000;
/** An OpenAI model id as OpenAI writes them (gpt-4o, gpt-6.1-sol, gpt-4o-2024-08-06). */
/** A model id as a vendor lists it: OpenAI's `gpt-4o`, a router's `anthropic/claude-sonnet-4-6`, Ollama's `llama3.3:70b`. */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/;
const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class CreateModelDto {
  @ApiProperty({ example: 'Blog voice' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name!: string;

  @ApiProperty({
    default: 'gpt-4o',
    pattern: MODEL_ID_PATTERN.source,
    description:
      "Spec §9's five or another chat model the saved OpenAI key lists, or, with connection_id, a model the provider lists (GET /api/base-models names each with its `model` and `connection_id`)",
  })
  @IsString({ message: 'base_model must be text' })
  @Matches(MODEL_ID_PATTERN, { message: 'base_model must be a model id as its vendor lists it, such as gpt-4o' })
  base_model!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The model provider the base model is from (Home › Model providers); left out or null: the workspace's OpenAI connection",
  })
  @IsOptional()
  @IsUUID('all', { message: 'connection_id must be the id of one of your model providers' })
  connection_id?: string | null;
}

export class MessageDto {
  @ApiProperty({ enum: ['system', 'user', 'assistant'] })
  @IsIn(['system', 'user', 'assistant'], { message: 'role must be system, user or assistant' })
  role!: ChatMessage['role'];

  @ApiProperty()
  @IsString({ message: 'content must be text' })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: `content must be at most ${MAX_MESSAGE_LENGTH} characters` })
  content!: string;
}

export class ExampleDto {
  @ApiProperty({ type: [MessageDto] })
  @IsArray({ message: 'messages must be a list' })
  @ArrayMinSize(3, { message: 'messages must hold exactly three messages: system, user and assistant' })
  @ArrayMaxSize(3, { message: 'messages must hold exactly three messages: system, user and assistant' })
  @IsObject({ each: true, message: 'each message must be an object' })
  @ValidateNested({ each: true })
  @Type(() => MessageDto)
  messages!: MessageDto[];

  @ApiProperty()
  @IsInt({ message: 'clusterId must be a whole number' })
  @Min(0)
  @Max(1_000_000)
  clusterId!: number;

  @ApiProperty()
  @trim
  @IsString({ message: 'uuid must be text' })
  @MinLength(1, { message: 'uuid is required' })
  @MaxLength(200, { message: 'uuid must be at most 200 characters' })
  uuid!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @trim
  @IsOptional()
  @IsString({ message: 'article_uuid must be text or null' })
  @MaxLength(200, { message: 'article_uuid must be at most 200 characters' })
  article_uuid?: string | null;
}

export class AddExampleDto {
  @ApiProperty({ type: ExampleDto })
  @IsDefined({ message: 'example is required' })
  @IsObject({ message: 'example must be an object' })
  @ValidateNested()
  @Type(() => ExampleDto)
  example!: ExampleDto;

  @ApiPropertyOptional({ description: 'Replace the example of the same section (uuid) instead of refusing it with 409' })
  @IsOmittable()
  @IsBoolean({ message: 'replace must be true or false' })
  replace?: boolean;
}

export class RemoveExampleDto {
  @ApiProperty()
  @trim
  @IsString({ message: 'uuid must be text' })
  @MinLength(1, { message: 'uuid is required' })
  @MaxLength(200, { message: 'uuid must be at most 200 characters' })
  uuid!: string;
}

export class MessageResponse implements ChatMessage {
  @ApiProperty({ enum: ['system', 'user', 'assistant'] })
  role!: ChatMessage['role'];

  @ApiProperty()
  content!: string;
}

export class ExampleResponse {
  @ApiProperty({ description: 'The section it was taken from (stable per page and position)' })
  uuid!: string;

  @ApiProperty({ type: String, nullable: true })
  article_uuid!: string | null;

  @ApiProperty()
  clusterId!: number;

  @ApiProperty({ type: [MessageResponse], description: 'System, user and assistant, in that order' })
  messages!: ChatMessage[];

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;
}

export class EligibilityResponse implements Eligibility {
  @ApiProperty()
  allowed!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Why not, when not allowed' })
  reason!: string | null;
}

export class ModelActionsResponse {
  @ApiProperty({ type: EligibilityResponse })
  fineTune!: Eligibility;

  @ApiProperty({ type: EligibilityResponse })
  delete!: Eligibility;
}

/** What the server knows of a model beyond its row: from OpenAI's listing and answers. */
export interface ModelExtras {
  /** Why its provider cannot write with it now (the provider no longer lists it for its key); null when nothing is known against it. */
  unavailable: string | null;
  /** What the model's vendor refused of a section's temperature, in its words. */
  samplingNotes: string[];
  /** The model provider it is on; null: OpenAI. */
  provider: { id: string; name: string; vendor: string } | null;
  shutdownDate: string | null;
  shutDown: boolean;
  reasoning: boolean;
  /** OpenAI's refusal that holds for the model's base as sent: its own, else the account's. */
  fineTuneRefusal: FineTuneRefusal | null;
}

export class ModelResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The model provider it writes through (Home › Model providers); null: the workspace's OpenAI connection",
  })
  connection_id!: string | null;

  @ApiProperty({ example: 'Anthropic', description: "The vendor, as the dashboard names it ('OpenAI' for the OpenAI connection)" })
  vendor!: string;

  @ApiProperty({
    type: [String],
    example: ['temperature: Extra inputs are not permitted'],
    description: "What the vendor has refused of a section's temperature for this model, in its words (the section form shows it)",
  })
  sampling_notes!: string[];

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "Why its model provider cannot write with it now (the provider's listing no longer names it for its key); null when nothing stands in the way, and for OpenAI's models (see shut_down)",
  })
  unavailable_reason!: string | null;

  @ApiProperty({ example: 'Claude', description: "The provider's name ('OpenAI' for the OpenAI connection): the pickers group models by it" })
  connection_name!: string;

  @ApiProperty({ example: 'gpt-4o' })
  base_model!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The fine-tuned model OpenAI made, once tuned' })
  output_model!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  date_created!: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  date_tuned!: Date | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Tokens trained' })
  tokens!: number | null;

  @ApiProperty()
  example_count!: number;

  @ApiProperty({ type: String, nullable: true, description: "The latest fine-tune job's status" })
  fine_tune_status!: string | null;

  @ApiProperty({
    description:
      "Whether the model reasons, as OpenAI's answers have shown (it took or refused reasoning_effort, refused what reasoning models refuse), else as its name suggests: the section form then offers reasoning_effort",
  })
  reasoning!: boolean;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description:
      "The day it stops, as the key's listing of OpenAI's models says (a tuned model: its own date or its base's, the earlier); null when none is announced",
  })
  shutdown_date!: string | null;

  @ApiProperty({ description: 'OpenAI no longer lists it for the key: it has been shut down (or the key lost access)' })
  shut_down!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "OpenAI's last refusal to create a fine-tuning job for this key, in its words: of this model's base as sent (see fine_tune_refused_model), else of the whole account (the wind-down); null when it has not refused since the last job it created",
  })
  fine_tune_refusal!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When OpenAI refused (see fine_tune_refusal)' })
  fine_tune_refused_at!: Date | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'gpt-5',
    description:
      'The base model as sent to OpenAI that it refused to fine-tune for this key (a start answers 409 in its words at once, uploading nothing, until fine_tune_refusal_until); null when the refusal is of the whole account, or there is none',
  })
  fine_tune_refused_model!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      "When Quire asks OpenAI again about the refused base model (another key is asked at once); null for the account's refusal, asked again at every start",
  })
  fine_tune_refusal_until!: Date | null;

  /** What the server will allow now, and why not: the dashboard enables its buttons from this. */
  @ApiProperty({ type: ModelActionsResponse, description: 'What the server allows now, and why not' })
  actions!: { fineTune: Eligibility; delete: Eligibility };

  @ApiPropertyOptional({ type: [ExampleResponse], description: 'Only on GET /api/models/{id}' })
  examples?: ExampleResponse[];
}

export function toExampleResponse(row: ModelExampleRow): ExampleResponse {
  return { uuid: row.uuid, article_uuid: row.articleUuid, clusterId: row.clusterId, messages: row.messages, created_at: row.createdAt };
}

export function toModelResponse(model: ModelWithState, extras: ModelExtras, examples?: ModelExampleRow[]): ModelResponse {
  return {
    _id: model.id,
    name: model.name,
    connection_id: model.connectionId,
    vendor: extras.provider?.vendor ?? 'OpenAI',
    sampling_notes: extras.samplingNotes,
    unavailable_reason: extras.unavailable,
    connection_name: extras.provider?.name ?? 'OpenAI',
    base_model: model.baseModel,
    output_model: model.outputModel,
    date_created: model.dateCreated,
    date_tuned: model.dateTuned,
    tokens: model.tokens,
    example_count: model.exampleCount,
    fine_tune_status: model.latestJobStatus,
    reasoning: extras.reasoning,
    shutdown_date: extras.shutdownDate,
    shut_down: extras.shutDown,
    fine_tune_refusal: extras.fineTuneRefusal?.message ?? null,
    fine_tune_refused_at: extras.fineTuneRefusal?.refusedAt ?? null,
    fine_tune_refused_model: extras.fineTuneRefusal?.model ?? null,
    fine_tune_refusal_until: extras.fineTuneRefusal?.until ?? null,
    actions: { fineTune: canFineTune(model), delete: canDelete(model) },
    ...(examples ? { examples: examples.map(toExampleResponse) } : {}),
  };
}
