import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsOmittable, RecordFieldsDto } from '../common/validation';
import { ClientRow } from './clients.schema';

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class CreateClientDto {
  @ApiProperty({ example: 'Acme Blog' })
  @trim
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name!: string;
}

/**
 * An update: any of the client's fields (those left out keep their values). A save folder is set
 * with its name, or cleared with null; `created_at` and the ids may come along and are ignored.
 */
export class UpdateClientDto extends RecordFieldsDto {
  @ApiPropertyOptional({ example: 'Acme Blog' })
  @trim
  @IsOmittable()
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'A Google Drive folder id (with savePathLabel), or null for none' })
  @IsOmittable()
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'savePath must be text or null' })
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: 'savePath must be a Google Drive folder id' })
  savePath?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: "The folder's name; required with a savePath, null (or left out) with a null one" })
  // Checked when given (not null), and always beside a folder id: a folder is never saved without its name.
  @ValidateIf((body: UpdateClientDto, value) => (value !== undefined && value !== null) || typeof body.savePath === 'string')
  @trim
  @IsString({ message: 'savePathLabel must be text: the folder name is required with a savePath' })
  @MinLength(1, { message: 'savePathLabel is required with a savePath' })
  @MaxLength(500, { message: 'savePathLabel must be at most 500 characters' })
  savePathLabel?: string | null;
}

export class SavePathDto {
  @ApiProperty({ description: 'Google Drive folder id' })
  @IsString({ message: 'folderId must be text' })
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: 'folderId must be a Google Drive folder id' })
  folderId!: string;

  @ApiProperty({ description: 'The folder name, shown as the link text' })
  @trim
  @IsString({ message: 'folderName must be text' })
  @MinLength(1, { message: 'folderName is required' })
  @MaxLength(500, { message: 'folderName must be at most 500 characters' })
  folderName!: string;
}

export class ClientResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The Google Drive folder id articles are saved into' })
  savePath!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The folder's name, shown as the link text" })
  savePathLabel!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;
}

export class DriveTokenResponse {
  @ApiProperty({ description: 'A Google access token for the Drive folder picker' })
  token!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt!: Date;

  @ApiProperty({ description: 'GOOGLE_PICKER_API_KEY' })
  apiKey!: string;

  @ApiProperty({ description: 'GOOGLE_APP_ID (the Cloud project number)' })
  appId!: string;
}

export function toClientResponse(row: ClientRow): ClientResponse {
  return { _id: row.id, name: row.name, savePath: row.savePath, savePathLabel: row.savePathLabel, created_at: row.createdAt };
}
