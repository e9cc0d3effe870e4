import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsISO8601, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { ROLES, type Role } from '@quire/shared';
import { IsOmittable, RecordFieldsDto } from '../common/validation';
import type { WorkspaceOfMember } from './workspaces.repository';
import type { MemberRow } from './members.repository';
import type { InvitationRow } from './workspaces.schema';
import type { AuditEntry } from './audit.repository';

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const ROLE_MESSAGE = `role must be one of ${ROLES.join(', ')}`;

/** A workspace's name: 1 to 200 characters, trimmed. */
const WorkspaceName = () =>
  applyDecorators(
    ApiProperty({ example: 'Acme content team' }),
    trim,
    IsString({ message: 'name must be text' }),
    MinLength(1, { message: 'name is required' }),
    MaxLength(200, { message: 'name must be at most 200 characters' }),
  );

export class CreateWorkspaceDto {
  @WorkspaceName()
  name!: string;
}

/** A rename; the rest of the workspace as read may come along and is ignored. */
export class WorkspaceNameDto extends RecordFieldsDto {
  @WorkspaceName()
  name!: string;

  @ApiPropertyOptional({ enum: ROLES, readOnly: true, description: 'Ignored (as read)' })
  @IsOmittable()
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role?: Role;

  @ApiPropertyOptional({ readOnly: true, description: 'Ignored (as read)' })
  @IsOmittable()
  @IsInt({ message: 'members must be a number' })
  members?: number;
}

export class SwitchWorkspaceDto {
  @ApiProperty({ format: 'uuid', description: 'A workspace you belong to' })
  @IsString({ message: 'id must be text' })
  id!: string;
}

export class MemberRoleDto extends RecordFieldsDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role!: Role;

  // The rest of a member as read may come back with an update (react-admin sends the record): ignored.
  @ApiPropertyOptional({ readOnly: true }) @IsOmittable() @IsString() @MaxLength(1000) name?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOmittable() @IsString() @MaxLength(1000) email?: string;
  @ApiPropertyOptional({ type: String, nullable: true, readOnly: true })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(4000)
  avatar?: string | null;
  @ApiPropertyOptional({ format: 'date-time', readOnly: true }) @IsOmittable() @IsISO8601() joined_at?: string;
}

export class InvitationDto {
  @ApiProperty({ format: 'email', example: 'writer@example.com' })
  @trim
  @IsString({ message: 'email must be text' })
  @MaxLength(320, { message: 'email must be at most 320 characters' })
  @IsEmail({}, { message: 'email must be an email address' })
  email!: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role!: Role;
}

export class WorkspaceResponse {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ROLES, description: 'Your role in it' }) role!: Role;
  @ApiProperty({ description: 'How many people belong to it' }) members!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class MemberResponse {
  @ApiProperty({ format: 'uuid', description: "The person's id" }) _id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty({ type: String, nullable: true }) avatar!: string | null;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ format: 'date-time' }) joined_at!: string;
}

export class InvitationResponse {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ type: String, nullable: true, description: 'Who invited them' }) invited_by!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) expires_at!: string;
  @ApiProperty({ enum: ['pending', 'expired'] }) status!: 'pending' | 'expired';
}

/** A field's value, whatever its type. */
const ANY_JSON = [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }, { type: 'object' }, { type: 'array', items: {} }];

export class AuditChangeResponse {
  @ApiProperty({ oneOf: ANY_JSON, description: 'The value before, null for none (secrets as their redacted hints)' }) before!: unknown;
  @ApiProperty({ oneOf: ANY_JSON, description: 'The value after, null for none' }) after!: unknown;
}

export class AuditEventResponse {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) user_id!: string | null;
  @ApiProperty() user_name!: string;
  @ApiProperty({ enum: ROLES, description: 'Their role then' }) role!: Role;
  @ApiProperty({ example: 'update', description: 'create, update, delete, or the action taken (copy, restore, retry, join, …)' }) action!: string;
  @ApiProperty({ example: 'sections' }) resource!: string;
  @ApiProperty({ type: String, nullable: true }) record_id!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/AuditChangeResponse' }, description: 'The fields that changed' })
  changes!: Record<string, AuditChangeResponse>;
}

export const toWorkspaceResponse = (row: WorkspaceOfMember): WorkspaceResponse => ({
  _id: row.id,
  name: row.name,
  role: row.role,
  members: Number(row.members),
  created_at: row.createdAt.toISOString(),
});

export const toMemberResponse = (row: MemberRow): MemberResponse => ({
  _id: row.userId,
  name: row.name,
  email: row.email,
  avatar: row.avatar,
  role: row.role,
  joined_at: row.joinedAt.toISOString(),
});

export const toInvitationResponse = (row: InvitationRow & { invitedByName: string | null }, now = new Date()): InvitationResponse => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invitedByName,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  status: row.expiresAt > now ? 'pending' : 'expired',
});

export const toAuditEventResponse = (row: AuditEntry): AuditEventResponse => ({
  _id: row.id,
  at: row.at.toISOString(),
  user_id: row.userId,
  user_name: row.userName,
  role: row.role,
  action: row.action,
  resource: row.resource,
  record_id: row.recordId,
  changes: row.changes,
});
