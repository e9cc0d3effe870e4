import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { EXAMPLES_COUNT } from '@quire/shared';
import { REASONING_EFFORTS, ReasoningEffort } from '../integrations/openai/chat-parameters';
import { IsOmittable, UpdateOf } from '../common/validation';
import { SectionRow } from './sections.schema';
import { SectionVersionRow } from './section-versions.schema';

export const MAX_PROMPT_LENGTH = 20_000;

const examplesCountMessage = `examples_count must be a whole number from ${EXAMPLES_COUNT.min} to ${EXAMPLES_COUNT.max}`;
/** How many examples of a set are sent: a whole number from 0 to 10 (a section, an article's entry, an evaluation's variant). */
export const IsExamplesCount = () =>
  applyDecorators(
    IsInt({ message: examplesCountMessage }),
    Min(EXAMPLES_COUNT.min, { message: examplesCountMessage }),
    Max(EXAMPLES_COUNT.max, { message: examplesCountMessage }),
  );
/** A model whose examples guide the section, or null for none (a section's or an article entry's `examples_model`). */
export const IsExamplesModel = () =>
  applyDecorators(
    ValidateIf((_, value) => value !== null && value !== undefined),
    IsUUID('all', { message: 'examples_model must be one of your models or null' }),
  );
const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class SectionDto {
  @ApiProperty({ example: 'FAQ' })
  @trim
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name!: string;

  @ApiProperty({ format: 'uuid', description: 'The _id of one of your models' })
  @IsUUID('all', { message: 'model must be one of your models' })
  model!: string;

  @ApiProperty({ minimum: 0, maximum: 2, example: 0.7 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'temperature must be a number' })
  @Min(0, { message: 'temperature must be from 0 to 2' })
  @Max(2, { message: 'temperature must be from 0 to 2' })
  temperature!: number;

  @ApiPropertyOptional({
    type: String,
    enum: [...REASONING_EFFORTS, null],
    nullable: true,
    description:
      "OpenAI's reasoning_effort, for models that reason; null (or left out on create) for the model's default. Sent until OpenAI refuses it for the model (then a value it names as supported, or none); History says so",
  })
  @Transform(({ value }) => (value === '' ? null : value))
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsIn(REASONING_EFFORTS, { message: `reasoning_effort must be one of: ${REASONING_EFFORTS.join(', ')}, or null` })
  reasoning_effort?: ReasoningEffort | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'A bias word list, or null for none' })
  @Transform(({ value }) => (value === '' ? null : value))
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsUUID('all', { message: 'logit_bias_group must be one of your bias word lists or null' })
  logit_bias_group?: string | null;

  @ApiProperty()
  @IsString({ message: 'system_message must be text' })
  @Matches(/\S/, { message: 'system_message is required' })
  @MaxLength(MAX_PROMPT_LENGTH, { message: `system_message must be at most ${MAX_PROMPT_LENGTH} characters` })
  system_message!: string;

  @ApiProperty()
  @IsString({ message: 'user_message must be text' })
  @Matches(/\S/, { message: 'user_message is required' })
  @MaxLength(MAX_PROMPT_LENGTH, { message: `user_message must be at most ${MAX_PROMPT_LENGTH} characters` })
  user_message!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      "One of your models whose examples guide the section: the examples_count nearest in meaning to the section's user message are sent before it as user/assistant pairs; null (or left out on create) for none",
  })
  @Transform(({ value }) => (value === '' ? null : value))
  @IsExamplesModel()
  examples_model?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: EXAMPLES_COUNT.min,
    maximum: EXAMPLES_COUNT.max,
    default: EXAMPLES_COUNT.default,
    description: 'How many of the example set are sent (a set with fewer sends what it has)',
  })
  @IsOmittable()
  @IsExamplesCount()
  examples_count?: number;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString({ message: 'notes must be text' })
  @MaxLength(5_000, { message: 'notes must be at most 5000 characters' })
  notes?: string;
}

/** The section fields computed when read: an update may carry them back (react-admin's <Edit> does); they are ignored. */
export class SectionComputedFieldsDto {
  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, readOnly: true, description: 'Ignored' })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'model_shutdown_date must be a date (yyyy-MM-dd) or null' })
  model_shutdown_date?: string | null;
}

/** An update: any of the section's fields (those left out keep their values), and the record's own read-only fields, ignored. */
export class UpdateSectionDto extends IntersectionType(UpdateOf(SectionDto), SectionComputedFieldsDto) {}

export class SectionResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'uuid', description: 'The _id of one of your models' })
  model!: string;

  @ApiProperty()
  temperature!: number;

  @ApiProperty({ type: String, enum: [...REASONING_EFFORTS, null], nullable: true, description: "null: the model's default" })
  reasoning_effort!: ReasoningEffort | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  logit_bias_group!: string | null;

  @ApiProperty()
  system_message!: string;

  @ApiProperty()
  user_message!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The model whose examples guide the section; null for none' })
  examples_model!: string | null;

  @ApiProperty({ type: 'integer', minimum: EXAMPLES_COUNT.min, maximum: EXAMPLES_COUNT.max })
  examples_count!: number;

  @ApiProperty()
  notes!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updated_at!: Date;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    readOnly: true,
    description: "The day the section's model stops, as the key's listing of OpenAI's models says (see GET /api/models); null when none is announced",
  })
  model_shutdown_date!: string | null;
}

export function toSectionResponse(row: SectionRow, modelShutdownDate: string | null): SectionResponse {
  return {
    _id: row.id,
    name: row.name,
    model: row.model,
    temperature: row.temperature,
    reasoning_effort: row.reasoningEffort ?? null,
    logit_bias_group: row.logitBiasGroup,
    system_message: row.systemMessage,
    user_message: row.userMessage,
    examples_model: row.examplesModel,
    examples_count: row.examplesCount,
    notes: row.notes,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    model_shutdown_date: modelShutdownDate,
  };
}

/** One immutable version of a section: all its fields as a create, update or restore left them. */
export class SectionVersionResponse extends PickType(SectionResponse, [
  'name',
  'model',
  'temperature',
  'reasoning_effort',
  'system_message',
  'user_message',
  'examples_model',
  'examples_count',
  'notes',
] as const) {
  @ApiProperty({ minimum: 1, example: 3, description: '1 for the section as created, one more with each change' })
  version!: number;

  @ApiProperty({ type: String, format: 'date-time', description: 'When this version was saved' })
  created_at!: Date;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null for none (also once the list is deleted)' })
  logit_bias_group!: string | null;
}

export function toSectionVersionResponse(row: SectionVersionRow): SectionVersionResponse {
  return {
    version: row.version,
    created_at: row.createdAt,
    name: row.name,
    model: row.model,
    temperature: row.temperature,
    reasoning_effort: row.reasoningEffort ?? null,
    logit_bias_group: row.logitBiasGroup,
    system_message: row.systemMessage,
    user_message: row.userMessage,
    examples_model: row.examplesModel,
    examples_count: row.examplesCount,
    notes: row.notes,
  };
}
