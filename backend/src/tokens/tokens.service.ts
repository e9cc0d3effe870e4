import { ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { atLeast, ROLES, type Role } from '@quire/shared';
import type { AuthUser } from '../workspaces/current-user';
import { AuditRepository } from '../workspaces/audit.repository';
import { MembershipEvents } from '../workspaces/membership-events';
import { ListedToken, TokenHolder, TokensRepository } from './tokens.repository';
import type { ApiTokenRow } from './tokens.schema';

/** What every token starts with, so a scanner (and a person) can tell a Quire token. */
export const TOKEN_PREFIX = 'qk_';
/** 256 random bits, base64url: 43 characters after the prefix. */
const TOKEN_LENGTH = TOKEN_PREFIX.length + 43;
export const DEFAULT_EXPIRY_DAYS = 90;
export const MAX_EXPIRY_DAYS = 365;
/** Tokens a person may hold in a workspace: a typing loop is refused, not kept. */
export const MAX_TOKENS_PER_MEMBER = 50;
/** How long this server trusts a token it read before reading it again: the longest a token revoked elsewhere still works here. */
const TOKEN_CACHE_MS = 3_000;
/** last_used_at is written at most this often per token. */
const TOUCH_INTERVAL_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** A token just made: its row, and the token itself, shown this once. */
export interface MadeToken {
  listed: ListedToken;
  secret: string;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The lower of two roles. */
const lower = (a: Role, b: Role): Role => (ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b);
/** Whose tokens a member sees and revokes: an owner every member's (null), anyone else their own. */
const whoseTokens = (user: AuthUser): string | null => (user.role === 'owner' ? null : user.id);

/** The role a token acts with: the one it was made with, or its person's now if that is lower. */
export const actingRole = (token: Pick<ApiTokenRow, 'role'>, memberRole: Role): Role => lower(token.role, memberRole);

/**
 * Personal API tokens: any member makes them for the current workspace with a role no higher than
 * their own; owners see and revoke every token of the workspace. A request carrying one acts as its
 * person would in its workspace, with the token's role (auth.middleware.ts).
 */
@Injectable()
export class TokensService {
  private readonly logger = new Logger(TokensService.name);
  /** Tokens read in the last TOKEN_CACHE_MS, by hash. */
  private readonly cache = new Map<string, { holder: TokenHolder | null; readAt: number }>();

  constructor(
    private readonly tokens: TokensRepository,
    private readonly audit: AuditRepository,
    memberships: MembershipEvents,
  ) {
    // A member removed or given another role: their tokens are read again at their next request, and
    // lowered for good to a lower role (a removed member's went with the membership).
    memberships.on('changed', (userId) => {
      for (const [hash, cached] of this.cache) if (cached.holder?.token.userId === userId) this.cache.delete(hash);
      this.tokens.lowerToMembership(userId).catch((error: Error) => this.logger.error(`Tokens of ${userId} were not lowered: ${error.message}`));
    });
  }

  /** The caller's tokens in the workspace (only token `id` when given); an owner's list holds every member's. */
  list(user: AuthUser, id?: string): Promise<ListedToken[]> {
    return this.tokens.list(user.workspaceId, whoseTokens(user), id);
  }

  async create(user: AuthUser, input: { name: string; role: Role; expiresInDays?: number }, now = new Date()): Promise<MadeToken> {
    if (!atLeast(user.role, input.role)) throw new ForbiddenException(`A token's role cannot be above your own (${user.role}).`);
    if ((await this.tokens.countOf(user.workspaceId, user.id)) >= MAX_TOKENS_PER_MEMBER)
      throw new ConflictException(`You have ${MAX_TOKENS_PER_MEMBER} tokens in this workspace already: revoke one first.`);
    const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const token = await this.tokens.create({
      workspaceId: user.workspaceId,
      userId: user.id,
      name: input.name,
      role: input.role,
      hash: hashOf(secret),
      prefix: secret.slice(0, TOKEN_PREFIX.length + 4),
      expiresAt: new Date(now.getTime() + (input.expiresInDays ?? DEFAULT_EXPIRY_DAYS) * DAY_MS),
    });
    await this.audit.record(user, 'create', 'tokens', token.id, { after: auditedToken(token) });
    return { listed: { token, personName: user.name, memberRole: user.role }, secret };
  }

  /** Revokes a token: one's own, or, for an owner, any of the workspace's. Answers it as it was. */
  async revoke(user: AuthUser, id: string): Promise<ListedToken> {
    const [listed] = await this.list(user, id);
    const removed = listed && (await this.tokens.remove(user.workspaceId, id, whoseTokens(user)));
    if (!listed || !removed) throw new NotFoundException('Token not found.');
    for (const [hash, cached] of this.cache) if (cached.holder?.token.id === id) this.cache.delete(hash);
    await this.audit.record(user, 'delete', 'tokens', id, { before: auditedToken(removed) });
    return listed;
  }

  /**
   * Who a request carrying `secret` acts as: its person in its workspace, with the token's role (no
   * higher than the person's now), or null — for a token that is malformed, unknown, revoked,
   * expired or whose person has left the workspace alike.
   */
  async resolve(secret: string, now = new Date()): Promise<AuthUser | null> {
    if (secret.length !== TOKEN_LENGTH || !secret.startsWith(TOKEN_PREFIX)) return null;
    const hash = hashOf(secret);
    const at = now.getTime();
    let cached = this.cache.get(hash);
    if (!cached || at - cached.readAt >= TOKEN_CACHE_MS || at < cached.readAt) {
      cached = { holder: await this.tokens.holder(hash), readAt: at };
      this.cache.delete(hash);
      this.cache.set(hash, cached);
      for (const key of this.cache.keys()) {
        if (this.cache.size <= 10_000) break;
        this.cache.delete(key);
      }
    }
    const holder = cached.holder;
    if (!holder || holder.token.expiresAt.getTime() <= at) return null;
    const seen = holder.token.lastUsedAt?.getTime() ?? 0;
    if (at - seen >= TOUCH_INTERVAL_MS) {
      holder.token.lastUsedAt = now;
      void this.tokens.touch(holder.token.id, now, new Date(at - TOUCH_INTERVAL_MS)).catch(() => undefined);
    }
    const { person } = holder;
    return {
      ...person,
      userId: person.id,
      workspaceId: holder.token.workspaceId,
      workspaceName: holder.workspaceName,
      role: actingRole(holder.token, holder.memberRole),
      tokenName: holder.token.name,
    };
  }
}

/** A token as the audit log keeps it: never its hash. */
function auditedToken(token: ApiTokenRow): Record<string, unknown> {
  return { _id: token.id, name: token.name, role: token.role, user_id: token.userId, expires_at: token.expiresAt.toISOString() };
}
