import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { TOKENIZER_FAMILIES, TokenizerFamily, WordTokens } from '../integrations/openai/tokenizer';
import { BiasEntry, LogitBiasGroupRow } from './logit-bias-groups.schema';

export class BiasEntryDto {
  @ApiProperty({ type: [String], example: ['delve', 'tapestry'] })
  @IsArray({ message: 'words must be a list' })
  @ArrayMaxSize(500, { message: 'a group may hold at most 500 words' })
  @IsString({ each: true, message: 'each word must be text' })
  @MaxLength(100, { each: true, message: 'each word must be at most 100 characters' })
  words!: string[];

  @ApiProperty({ minimum: -100, maximum: 100, default: -100 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'bias must be a number' })
  @Min(-100, { message: 'bias must be from -100 to 100' })
  @Max(100, { message: 'bias must be from -100 to 100' })
  bias!: number;
}

export class LogitBiasGroupDto {
  @ApiProperty({ example: 'Overused words' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name!: string;

  @ApiProperty({ type: [BiasEntryDto] })
  @IsArray({ message: 'entries must be a list' })
  @ArrayMinSize(1, { message: 'a list needs at least one group' })
  @ArrayMaxSize(50, { message: 'a list may hold at most 50 groups' })
  @ValidateNested({ each: true })
  @Type(() => BiasEntryDto)
  entries!: BiasEntryDto[];

  @ApiPropertyOptional({ description: 'Ignored: derived by the server from entries' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(25_000)
  words?: unknown[];

  @ApiPropertyOptional({ description: 'Ignored: derived by the server from entries' })
  @IsOptional()
  @IsInt()
  word_count?: number;
}

export class TokenPreviewDto {
  @ApiProperty({ type: [BiasEntryDto] })
  @IsArray({ message: 'entries must be a list' })
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => BiasEntryDto)
  entries!: BiasEntryDto[];

  @ApiProperty({ enum: TOKENIZER_FAMILIES })
  @IsIn(TOKENIZER_FAMILIES, { message: `family must be one of: ${TOKENIZER_FAMILIES.join(', ')}` })
  family!: TokenizerFamily;
}

export interface TokenPreviewResponse {
  family: TokenizerFamily;
  words: WordTokens[];
  tokenCount: number;
  limit: number;
}

export interface LogitBiasGroupResponse {
  _id: string;
  name: string;
  entries: BiasEntry[];
  words: string[];
  word_count: number;
  created_at: Date;
  updated_at: Date;
}

export function toLogitBiasGroupResponse(row: LogitBiasGroupRow): LogitBiasGroupResponse {
  return {
    _id: row.id,
    name: row.name,
    entries: row.entries,
    words: row.words,
    word_count: row.wordCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
