import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ROLES, type Role } from '@quire/shared';
import { IsOmittable } from '../common/validation';
import type { ListedToken } from './tokens.repository';
import { actingRole, DEFAULT_EXPIRY_DAYS, MAX_EXPIRY_DAYS } from './tokens.service';

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** A token asked for: its name, its role (no higher than the caller's) and how many days it lasts. */
export class CreateTokenDto {
  @ApiProperty({ example: 'CI template check', description: 'What the token is for, as its list shows it' })
  @trim
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name is required' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name!: string;

  @ApiProperty({ enum: ROLES, description: "viewer tokens read, editor tokens write; never above the caller's own role" })
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role!: Role;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_EXPIRY_DAYS, default: DEFAULT_EXPIRY_DAYS, description: 'Days until it stops working' })
  @IsOmittable()
  @IsInt({ message: 'expires_in_days must be a whole number of days' })
  @Min(1, { message: 'expires_in_days must be at least 1' })
  @Max(MAX_EXPIRY_DAYS, { message: `expires_in_days must be at most ${MAX_EXPIRY_DAYS} (a year)` })
  expires_in_days?: number;
}

export class TokenResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: ROLES, description: "The role it acts with: the one it was made with, or its person's now where that is lower" })
  role!: Role;
  @ApiProperty({ example: 'qk_AbCd', description: 'Its first characters, to tell tokens apart (the token itself is shown once, when made)' })
  prefix!: string;
  @ApiProperty({ format: 'uuid' })
  user_id!: string;
  @ApiProperty({ description: "Its person's name" })
  user_name!: string;
  @ApiProperty({ format: 'date-time' })
  created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Within a few minutes; null: never used' })
  last_used_at!: string | null;
  @ApiProperty({ format: 'date-time' })
  expires_at!: string;
  @ApiProperty({ description: 'Past its expiry: it no longer works' })
  expired!: boolean;
}

/** A token just made: the token itself is in `token`, this once. */
export class CreatedTokenResponse extends TokenResponse {
  @ApiProperty({ example: 'qk_…', description: 'The token: send it as `Authorization: Bearer <token>`. Shown only now; Quire keeps only its hash' })
  token!: string;
}

export function toTokenResponse({ token, personName, memberRole }: ListedToken, now = new Date()): TokenResponse {
  return {
    _id: token.id,
    name: token.name,
    role: actingRole(token, memberRole),
    prefix: token.prefix,
    user_id: token.userId,
    user_name: personName,
    created_at: token.createdAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    expires_at: token.expiresAt.toISOString(),
    expired: token.expiresAt.getTime() <= now.getTime(),
  };
}
