import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsOmittable, UpdateOf } from '../common/validation';
import { TOKENIZER_FAMILIES, TokenizerFamily, WordTokens } from '../integrations/openai/tokenizer';
import { BiasEntry, LogitBiasGroupRow } from './logit-bias-groups.schema';
import { checkListSize, DERIVED_WORDS_MESSAGE, GROUP_WORDS_MESSAGE, GROUPS_MESSAGE, MAX_GROUP_WORDS, MAX_GROUPS, MAX_LIST_WORDS } from './list-size';

export class BiasEntryDto {
  @ApiProperty({ type: [String], example: ['delve', 'tapestry'] })
  @IsArray({ message: 'words must be a list' })
  @ArrayMaxSize(MAX_GROUP_WORDS, { message: GROUP_WORDS_MESSAGE })
  @IsString({ each: true, message: 'each word must be text' })
  @MaxLength(100, { each: true, message: 'each word must be at most 100 characters' })
  words!: string[];

  @ApiProperty({ minimum: -100, maximum: 100, default: -100 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'bias must be a number' })
  @Min(-100, { message: 'bias must be from -100 to 100' })
  @Max(100, { message: 'bias must be from -100 to 100' })
  bias!: number;
}

/** A bias word list as posted; its size is checked before validation (see checkListSize). */
export class LogitBiasGroupDto {
  static readonly checkSize = checkListSize;

  @ApiProperty({ example: 'Overused words' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name!: string;

  @ApiProperty({ type: [BiasEntryDto] })
  @IsArray({ message: 'entries must be a list' })
  @ArrayMinSize(1, { message: 'a list needs at least one group' })
  @ArrayMaxSize(MAX_GROUPS, { message: GROUPS_MESSAGE })
  @IsObject({ each: true, message: 'each group must be an object' })
  @ValidateNested({ each: true })
  @Type(() => BiasEntryDto)
  entries!: BiasEntryDto[];

  @ApiPropertyOptional({ type: [String], description: 'Ignored: derived by the server from entries' })
  @IsOmittable()
  @IsArray({ message: 'words must be a list' })
  @ArrayMaxSize(MAX_LIST_WORDS, { message: DERIVED_WORDS_MESSAGE })
  @IsString({ each: true, message: 'each word must be text' })
  words?: string[];

  @ApiPropertyOptional({ description: 'Ignored: derived by the server from entries' })
  @IsOmittable()
  @IsInt()
  word_count?: number;
}

/** An update: any of the list's fields (those left out keep their values), and the record's own read-only fields, ignored. */
export class UpdateLogitBiasGroupDto extends UpdateOf(LogitBiasGroupDto) {
  static readonly checkSize = checkListSize;
}

export class TokenPreviewDto {
  static readonly checkSize = checkListSize;

  @ApiProperty({ type: [BiasEntryDto] })
  @IsArray({ message: 'entries must be a list' })
  @ArrayMaxSize(MAX_GROUPS, { message: GROUPS_MESSAGE })
  @IsObject({ each: true, message: 'each group must be an object' })
  @ValidateNested({ each: true })
  @Type(() => BiasEntryDto)
  entries!: BiasEntryDto[];

  @ApiProperty({ enum: TOKENIZER_FAMILIES })
  @IsIn(TOKENIZER_FAMILIES, { message: `family must be one of: ${TOKENIZER_FAMILIES.join(', ')}` })
  family!: TokenizerFamily;
}

export class FormTokensResponse {
  @ApiProperty({ example: ' delve', description: 'The word as written, after a space, or capitalised' })
  text!: string;

  @ApiProperty({ type: [Number], example: [82845] })
  tokens!: number[];
}

export class WordTokensResponse implements WordTokens {
  @ApiProperty()
  word!: string;

  @ApiProperty({ type: [FormTokensResponse] })
  forms!: FormTokensResponse[];
}

export class TokenPreviewResponse {
  @ApiProperty({ enum: TOKENIZER_FAMILIES })
  family!: TokenizerFamily;

  @ApiProperty({ type: [WordTokensResponse] })
  words!: WordTokens[];

  @ApiProperty({ description: 'Distinct token ids of all the words together' })
  tokenCount!: number;

  @ApiProperty({ example: 300, description: "OpenAI's logit_bias limit" })
  limit!: number;
}

export class BiasEntryResponse implements BiasEntry {
  @ApiProperty({ type: [String] })
  words!: string[];

  @ApiProperty({ minimum: -100, maximum: 100 })
  bias!: number;
}

export class LogitBiasGroupResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: [BiasEntryResponse] })
  entries!: BiasEntry[];

  @ApiProperty({ type: [String], description: 'Every word of every group' })
  words!: string[];

  @ApiProperty()
  word_count!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updated_at!: Date;
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
