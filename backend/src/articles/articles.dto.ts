import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsOmittable, UpdateOf } from '../common/validation';
import { IsExamplesCount, IsExamplesModel, MAX_PROMPT_LENGTH } from '../sections/sections.dto';
import { REASONING_EFFORTS, ReasoningEffort } from '../integrations/openai/chat-parameters';
import { EXAMPLES_COUNT } from '@quire/shared';
import { ArticleRow } from './articles.schema';

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class ArticleSectionDto {
  @ApiProperty({ format: 'uuid', description: 'The section this snapshot was taken from' })
  @IsUUID('all', { message: 'section must be the _id of one of your sections' })
  section!: string;

  @ApiProperty()
  @trim
  @IsString({ message: 'heading must be text' })
  @MinLength(1, { message: 'heading is required' })
  @MaxLength(200, { message: 'heading must be at most 200 characters' })
  heading!: string;

  @ApiProperty()
  @IsString({ message: 'systemPrompt must be text' })
  @Matches(/\S/, { message: 'systemPrompt is required' })
  @MaxLength(MAX_PROMPT_LENGTH)
  systemPrompt!: string;

  @ApiProperty()
  @IsString({ message: 'userPrompt must be text' })
  @Matches(/\S/, { message: 'userPrompt is required' })
  @MaxLength(MAX_PROMPT_LENGTH)
  userPrompt!: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'model must be the _id of one of your models' })
  model!: string;

  @ApiProperty({ minimum: 0, maximum: 2 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'temperature must be a number' })
  @Min(0, { message: 'temperature must be from 0 to 2' })
  @Max(2, { message: 'temperature must be from 0 to 2' })
  temperature!: number;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'Omitted on update: the saved value is kept' })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsUUID('all', { message: 'logit_bias_group must be one of your bias word lists or null' })
  logit_bias_group?: string | null;

  @ApiPropertyOptional({
    type: String,
    enum: [...REASONING_EFFORTS, null],
    nullable: true,
    description: "The section's reasoning_effort; omitted: the saved entry's is kept (an entry new to the article takes its section's)",
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsIn(REASONING_EFFORTS, { message: `reasoning_effort must be one of: ${REASONING_EFFORTS.join(', ')}, or null` })
  reasoning_effort?: ReasoningEffort | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The model whose examples guide the section, or null; omitted: the saved entry's is kept (an entry new to the article takes its section's)",
  })
  @IsExamplesModel()
  examples_model?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: EXAMPLES_COUNT.min,
    maximum: EXAMPLES_COUNT.max,
    description: "How many of the example set are sent; omitted: the saved entry's is kept (an entry new to the article takes its section's)",
  })
  @IsOmittable()
  @IsExamplesCount()
  examples_count?: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, readOnly: true, description: 'Ignored: the server sets it from the entry (see the response)' })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsInt({ message: 'section_version must be a whole number or null' })
  section_version?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, readOnly: true, description: 'Ignored: computed when read' })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsInt({ message: 'latest_version must be a whole number or null' })
  latest_version?: number | null;
}

export class ArticleDto {
  @ApiProperty()
  @trim
  @IsString({ message: 'article_title must be text' })
  @MinLength(1, { message: 'article_title is required' })
  @MaxLength(200, { message: 'article_title must be at most 200 characters' })
  article_title!: string;

  @ApiProperty()
  @trim
  @IsString({ message: 'article_type must be text' })
  @MinLength(1, { message: 'article_type is required' })
  @MaxLength(100, { message: 'article_type must be at most 100 characters' })
  article_type!: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString({ message: 'notes must be text' })
  @MaxLength(5_000)
  notes?: string;

  @ApiPropertyOptional({
    description: "Write rows naming this template through OpenAI's Batch API: half the price, finished within 24 hours (default false)",
  })
  @IsOmittable()
  @IsBoolean({ message: 'bulk must be true or false' })
  bulk?: boolean;

  @ApiProperty({ type: [ArticleSectionDto] })
  @IsArray({ message: 'sections must be a list' })
  @ArrayMaxSize(50, { message: 'an article may hold at most 50 sections' })
  @IsObject({ each: true, message: 'each section must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ArticleSectionDto)
  sections!: ArticleSectionDto[];
}

/** An update: any of the article's fields (those left out keep their values), and the record's own read-only fields, ignored. */
export class UpdateArticleDto extends UpdateOf(ArticleDto) {}

/** A section as the article holds it (copied from the section when the article was saved). */
export class SectionSnapshotResponse {
  @ApiProperty({ format: 'uuid', description: 'The section this snapshot was taken from' })
  section!: string;

  @ApiProperty()
  heading!: string;

  @ApiProperty()
  systemPrompt!: string;

  @ApiProperty()
  userPrompt!: string;

  @ApiProperty({ format: 'uuid' })
  model!: string;

  @ApiProperty()
  temperature!: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  logit_bias_group!: string | null;

  @ApiProperty({ type: String, enum: [...REASONING_EFFORTS, null], nullable: true, description: "null: the model's default" })
  reasoning_effort!: ReasoningEffort | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The model whose examples guide the section; null for none' })
  examples_model!: string | null;

  @ApiProperty({ type: 'integer', minimum: EXAMPLES_COUNT.min, maximum: EXAMPLES_COUNT.max })
  examples_count!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The newest version of the section this entry equalled when it was saved (heading = name, prompts, model, temperature, bias list, reasoning effort, example set and count); null when it equalled none (edited through the API, or saved before versions were kept and since changed)',
  })
  section_version!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: "The section's newest version now; null when the section has been deleted" })
  latest_version!: number | null;
}

export class ArticleResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty()
  article_title!: string;

  @ApiProperty()
  article_type!: string;

  @ApiProperty()
  notes!: string;

  @ApiProperty({ description: "Rows naming it are written through OpenAI's Batch API (half the price, within 24 hours)" })
  bulk!: boolean;

  @ApiProperty({ type: [SectionSnapshotResponse] })
  sections!: SectionSnapshotResponse[];

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updated_at!: Date;
}

/** The article as answered; `latest` holds the newest version of each of the user's sections that still exists. */
export function toArticleResponse(row: ArticleRow, latest: Map<string, number>): ArticleResponse {
  return {
    _id: row.id,
    article_title: row.articleTitle,
    article_type: row.articleType,
    notes: row.notes,
    bulk: row.bulk,
    sections: row.sections.map((entry) => ({
      ...entry,
      reasoning_effort: entry.reasoning_effort ?? null,
      examples_model: entry.examples_model ?? null,
      examples_count: entry.examples_count ?? EXAMPLES_COUNT.default,
      section_version: entry.section_version ?? null,
      latest_version: latest.get(entry.section.toLowerCase()) ?? null,
    })),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
