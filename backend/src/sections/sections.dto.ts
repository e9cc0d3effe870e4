import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNumber, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { IsOmittable, UpdateOf } from '../common/validation';
import { SectionRow } from './sections.schema';
import { SectionVersionRow } from './section-versions.schema';

export const MAX_PROMPT_LENGTH = 20_000;
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

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString({ message: 'notes must be text' })
  @MaxLength(5_000, { message: 'notes must be at most 5000 characters' })
  notes?: string;
}

/** An update: any of the section's fields (those left out keep their values), and the record's own read-only fields, ignored. */
export class UpdateSectionDto extends UpdateOf(SectionDto) {}

export class SectionResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'uuid', description: 'The _id of one of your models' })
  model!: string;

  @ApiProperty()
  temperature!: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  logit_bias_group!: string | null;

  @ApiProperty()
  system_message!: string;

  @ApiProperty()
  user_message!: string;

  @ApiProperty()
  notes!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updated_at!: Date;
}

export function toSectionResponse(row: SectionRow): SectionResponse {
  return {
    _id: row.id,
    name: row.name,
    model: row.model,
    temperature: row.temperature,
    logit_bias_group: row.logitBiasGroup,
    system_message: row.systemMessage,
    user_message: row.userMessage,
    notes: row.notes,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** One immutable version of a section: all its fields as a create, update or restore left them. */
export class SectionVersionResponse extends PickType(SectionResponse, ['name', 'model', 'temperature', 'system_message', 'user_message', 'notes'] as const) {
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
    logit_bias_group: row.logitBiasGroup,
    system_message: row.systemMessage,
    user_message: row.userMessage,
    notes: row.notes,
  };
}
