import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsOmittable, RecordFieldsDto } from '../common/validation';
import { CONNECTION_KINDS, ConnectionKind } from './connections.schema';

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** A new connection; which fields a kind needs is the service's rule (connections.service.ts). */
export class CreateConnectionDto {
  @ApiProperty({ enum: CONNECTION_KINDS, description: 'The vendor: Anthropic, Google Gemini, or any OpenAI-compatible server' })
  @IsIn(CONNECTION_KINDS, { message: `kind must be one of ${CONNECTION_KINDS.join(', ')}` })
  kind!: ConnectionKind;

  @ApiPropertyOptional({
    example: 'Claude',
    description: "How the pickers name it; the vendor's name when left out (required for an OpenAI-compatible server)",
  })
  @trim
  @IsOmittable()
  @IsString({ message: 'name must be text' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name?: string;

  @ApiPropertyOptional({ example: 'http://localhost:11434/v1', description: "An OpenAI-compatible server's address (its API root, usually ending in /v1)" })
  @trim
  @IsOmittable()
  @IsString({ message: 'base_url must be text' })
  @MaxLength(500, { message: 'base_url must be at most 500 characters' })
  base_url?: string;

  @ApiPropertyOptional({ description: 'The API key (required for Anthropic and Gemini; an OpenAI-compatible server may take none)' })
  @trim
  @IsOmittable()
  @IsString({ message: 'api_key must be text' })
  @MaxLength(500, { message: 'api_key must be at most 500 characters' })
  api_key?: string;
}

/**
 * A change of a provider: its name, a server's address, or its key (posted back as its own hint, the
 * key stays; empty, an OpenAI-compatible server's is dropped). The vendor never changes; the record's
 * read-only fields may come along and are ignored.
 */
export class UpdateConnectionDto extends RecordFieldsDto {
  @ApiPropertyOptional({ enum: CONNECTION_KINDS, readOnly: true, description: "Ignored when it is the provider's own: the vendor never changes" })
  @IsOmittable()
  @IsIn(CONNECTION_KINDS, { message: `kind must be one of ${CONNECTION_KINDS.join(', ')}` })
  kind?: ConnectionKind;

  @ApiPropertyOptional({ readOnly: true, description: 'Ignored' })
  @IsOmittable()
  @IsString({ message: 'vendor must be text' })
  vendor?: string;

  @ApiPropertyOptional({ example: 'Claude' })
  @trim
  @IsOmittable()
  @IsString({ message: 'name must be text' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: "An OpenAI-compatible server's address (null, as the other vendors answer it, is theirs)" })
  @trim
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString({ message: 'base_url must be text' })
  @MaxLength(500, { message: 'base_url must be at most 500 characters' })
  base_url?: string | null;

  @ApiPropertyOptional({ description: 'A new key; its own redacted hint keeps the saved one' })
  @trim
  @IsOmittable()
  @IsString({ message: 'api_key must be text' })
  @MaxLength(500, { message: 'api_key must be at most 500 characters' })
  api_key?: string;
}

export class ConnectionResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ enum: CONNECTION_KINDS })
  kind!: ConnectionKind;

  @ApiProperty({ description: 'The vendor, as the dashboard names it' })
  vendor!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  base_url!: string | null;

  @ApiProperty({ description: "The key's redacted hint; empty when none is kept" })
  api_key!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;
}

export class VendorModelResponse {
  @ApiProperty({ example: 'claude-sonnet-4-6' })
  id!: string;

  @ApiProperty({ example: 'Claude Sonnet 4.6' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the vendor made it, where its listing says' })
  created!: string | null;
}

/** The outcome of a connection's "Test": what the vendor lists for the key, or why it could not be read. */
export class ConnectionCheckResponse {
  @ApiProperty()
  ok!: boolean;

  @ApiProperty({ example: 'Connected: Anthropic lists 9 models for this key.' })
  message!: string;

  @ApiProperty({ type: [VendorModelResponse], description: "The vendor's listing, in its order (empty when it failed)" })
  models!: VendorModelResponse[];
}
