import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { SectionRow } from './sections.schema';

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

  @ApiPropertyOptional({ format: 'uuid', nullable: true, description: 'A bias word list, or null for none' })
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
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(5_000, { message: 'notes must be at most 5000 characters' })
  notes?: string;
}

export interface SectionResponse {
  _id: string;
  name: string;
  model: string;
  temperature: number;
  logit_bias_group: string | null;
  system_message: string;
  user_message: string;
  notes: string;
  created_at: Date;
  updated_at: Date;
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
