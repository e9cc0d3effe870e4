import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsObject, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { IsOmittable } from '../common/validation';
import { StatusConfig } from './workspaces.schema';

/** The three connection settings, by the names the dashboard uses. */
export const ENV_VAR_NAMES = ['NOTION_SECRET', 'DATABASE_ID', 'OPENAI_API_KEY'] as const;
export type EnvVarName = (typeof ENV_VAR_NAMES)[number];
export type EnvVars = Record<EnvVarName, string>;

export const DEFAULT_STATUS_CONFIG: StatusConfig = {
  propertyName: 'Status',
  values: { start: 'Start Generating', inProgress: 'Generating...', error: 'Generating Error', complete: 'Posts Generated' },
};

export class EnvVarsDto {
  @ApiPropertyOptional({ description: 'Notion integration secret; a redacted hint posted back keeps the stored value' })
  @IsOmittable()
  @IsString({ message: 'NOTION_SECRET must be text' })
  @MaxLength(500)
  NOTION_SECRET?: string;

  @ApiPropertyOptional({ description: 'Notion database id' })
  @IsOmittable()
  @IsString({ message: 'DATABASE_ID must be text' })
  @MaxLength(500)
  DATABASE_ID?: string;

  @ApiPropertyOptional({ description: 'OpenAI API key' })
  @IsOmittable()
  @IsString({ message: 'OPENAI_API_KEY must be text' })
  @MaxLength(500)
  OPENAI_API_KEY?: string;
}

export class UpdateUserDto {
  @ApiProperty({ type: EnvVarsDto, description: 'Omitted fields are left as they are; an empty string clears one' })
  @IsDefined({ message: 'envVars is required' })
  @IsObject({ message: 'envVars must be an object' })
  @ValidateNested()
  @Type(() => EnvVarsDto)
  envVars!: EnvVarsDto;
}

const statusValue = (label: string) => [
  Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
  IsString({ message: `${label} must be text` }),
  MinLength(1, { message: `${label} is required` }),
  MaxLength(100, { message: `${label} must be at most 100 characters` }),
];

function apply(decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((decorator) => decorator(target, key));
}

export class StatusValuesDto {
  @ApiProperty({ example: DEFAULT_STATUS_CONFIG.values.start })
  @apply(statusValue('values.start'))
  start!: string;

  @ApiProperty({ example: DEFAULT_STATUS_CONFIG.values.inProgress })
  @apply(statusValue('values.inProgress'))
  inProgress!: string;

  @ApiProperty({ example: DEFAULT_STATUS_CONFIG.values.error })
  @apply(statusValue('values.error'))
  error!: string;

  @ApiProperty({ example: DEFAULT_STATUS_CONFIG.values.complete })
  @apply(statusValue('values.complete'))
  complete!: string;
}

export class StatusConfigDto {
  @ApiProperty({ example: DEFAULT_STATUS_CONFIG.propertyName })
  @apply(statusValue('propertyName'))
  propertyName!: string;

  @ApiProperty({ type: StatusValuesDto })
  @IsDefined({ message: 'values is required' })
  @IsObject({ message: 'values must be an object' })
  @ValidateNested()
  @Type(() => StatusValuesDto)
  values!: StatusValuesDto;
}

export class EnvVarsResponse implements EnvVars {
  @ApiProperty({ example: 'ntn…KLMN', description: 'A redacted hint, or empty when not saved' })
  NOTION_SECRET!: string;

  @ApiProperty({ example: '1c2…b5c6', description: 'A redacted hint, or empty when not saved' })
  DATABASE_ID!: string;

  @ApiProperty({ example: 'sk-…c9Qx', description: 'A redacted hint, or empty when not saved' })
  OPENAI_API_KEY!: string;
}

export class UserResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  avatar!: string | null;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: EnvVarsResponse })
  envVars!: EnvVars;
}

export class StatusConfigResponse {
  @ApiProperty({ type: StatusConfigDto })
  statusConfig!: StatusConfig;
}
