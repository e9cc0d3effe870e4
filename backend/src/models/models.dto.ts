import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { BASE_MODELS } from './base-models';
import { Eligibility } from './model-eligibility';
import { ModelWithState } from './models.repository';
import { ChatMessage, ModelExampleRow } from './models.schema';
import { canDelete, canFineTune } from './model-eligibility';

/** About 20,000 characters a message: well past any section, far below OpenAI's limits. */
export const MAX_MESSAGE_LENGTH = 20_000;

export class CreateModelDto {
  @ApiProperty({ example: 'Blog voice' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name!: string;

  @ApiProperty({ enum: BASE_MODELS, default: 'gpt-4o' })
  @IsIn(BASE_MODELS, { message: `base_model must be one of: ${BASE_MODELS.join(', ')}` })
  base_model!: string;
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
  @ValidateNested({ each: true })
  @Type(() => MessageDto)
  messages!: MessageDto[];

  @ApiProperty()
  @IsInt({ message: 'clusterId must be a whole number' })
  @Min(0)
  @Max(1_000_000)
  clusterId!: number;

  @ApiProperty()
  @IsString({ message: 'uuid must be text' })
  @MinLength(1, { message: 'uuid is required' })
  @MaxLength(200)
  uuid!: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: 'article_uuid must be text or null' })
  @MaxLength(200)
  article_uuid?: string | null;
}

export class AddExampleDto {
  @ApiProperty({ type: ExampleDto })
  @IsDefined({ message: 'example is required' })
  @ValidateNested()
  @Type(() => ExampleDto)
  example!: ExampleDto;

  @ApiPropertyOptional({ description: 'Replace the example of the same section (uuid) instead of refusing it with 409' })
  @IsOptional()
  @IsBoolean({ message: 'replace must be true or false' })
  replace?: boolean;
}

export class RemoveExampleDto {
  @ApiProperty()
  @IsString({ message: 'uuid must be text' })
  @MinLength(1, { message: 'uuid is required' })
  @MaxLength(200)
  uuid!: string;
}

export interface ExampleResponse {
  uuid: string;
  article_uuid: string | null;
  clusterId: number;
  messages: ChatMessage[];
  created_at: Date;
}

export interface ModelResponse {
  _id: string;
  name: string;
  base_model: string;
  output_model: string | null;
  date_created: Date;
  date_tuned: Date | null;
  tokens: number | null;
  example_count: number;
  fine_tune_status: string | null;
  /** What the server will allow now, and why not: the dashboard enables its buttons from this. */
  actions: { fineTune: Eligibility; delete: Eligibility };
  examples?: ExampleResponse[];
}

export function toExampleResponse(row: ModelExampleRow): ExampleResponse {
  return { uuid: row.uuid, article_uuid: row.articleUuid, clusterId: row.clusterId, messages: row.messages, created_at: row.createdAt };
}

export function toModelResponse(model: ModelWithState, examples?: ModelExampleRow[]): ModelResponse {
  return {
    _id: model.id,
    name: model.name,
    base_model: model.baseModel,
    output_model: model.outputModel,
    date_created: model.dateCreated,
    date_tuned: model.dateTuned,
    tokens: model.tokens,
    example_count: model.exampleCount,
    fine_tune_status: model.latestJobStatus,
    actions: { fineTune: canFineTune(model), delete: canDelete(model) },
    ...(examples ? { examples: examples.map(toExampleResponse) } : {}),
  };
}
