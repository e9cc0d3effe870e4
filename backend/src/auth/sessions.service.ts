import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { createHash, randomBytes } from 'node:crypto';
import { AuthUser } from '../workspaces/current-user';
import { SessionsRepository } from './sessions.repository';
import { MembershipEvents } from '../workspaces/membership-events';
import { WorkspaceOfMember, WorkspacesRepository } from '../workspaces/workspaces.repository';

const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/**
 * How long this process trusts a session it read from the database before reading it again: the
 * longest a session ended by another process (a logout there, a new sign-in) is still accepted here.
 */
export const SESSION_CACHE_MS = 3_000;
/** Sessions held in the cache at most; past this the oldest are dropped first. */
const SESSION_CACHE_MAX = 10_000;

/** One of the person's workspaces as GET /api/me lists it. */
export type MemberWorkspace = Pick<WorkspaceOfMember, 'id' | 'name' | 'role'>;

function hashSessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface CachedSession {
  user: AuthUser;
  lastSeenAt: number;
  expiresAt: number;
  /** When this process read it from the database. */
  readAt: number;
  /** The person's workspaces, read at the first GET /api/me of this read and dropped with it. */
  workspaces?: Promise<MemberWorkspace[]>;
}

/** Server-side sessions: the browser holds a 256-bit random id, the database its hash. */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);
  /** Sessions read in the last SESSION_CACHE_MS, by id hash (Map order is insertion order: oldest first). */
  private readonly cache = new Map<string, CachedSession>();

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly workspaces: WorkspacesRepository,
    memberships: MembershipEvents,
  ) {
    memberships.on('changed', (userId) => this.forgetUser(userId));
  }

  async create(userId: string, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.sessions.create({
      idHash: hashSessionId(token),
      userId,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    });
    return token;
  }

  /**
   * The user behind a session cookie, or null when it is unknown, idle too long or too old. A
   * session is read from the database at most once every SESSION_CACHE_MS per process, and
   * written only to record activity, at most once every TOUCH_INTERVAL_MS.
   */
  async resolve(token: string | undefined, now = new Date()): Promise<AuthUser | null> {
    if (!token || token.length > 100) return null;
    const idHash = hashSessionId(token);
    const at = now.getTime();
    let session = this.cache.get(idHash);
    if (!session || at - session.readAt >= SESSION_CACHE_MS || at < session.readAt) {
      this.cache.delete(idHash);
      const found = await this.sessions.findWithUser(idHash);
      if (!found) return null;
      session = { user: found.user, lastSeenAt: found.session.lastSeenAt.getTime(), expiresAt: found.session.expiresAt.getTime(), readAt: at };
      this.remember(idHash, session);
    }
    if (session.expiresAt <= at || at - session.lastSeenAt > SESSION_IDLE_MS) {
      this.cache.delete(idHash);
      await this.sessions.delete(idHash);
      return null;
    }
    if (at - session.lastSeenAt > TOUCH_INTERVAL_MS) {
      // Recorded before the write, so concurrent requests of this session do not each write.
      session.lastSeenAt = at;
      await this.sessions.touch(idHash, now, new Date(at - TOUCH_INTERVAL_MS));
    }
    return session.user;
  }

  /**
   * The workspaces of the person `resolve` answered for this token, read once per cached read of
   * the session and kept with it: a signed-in GET /api/me reads nothing while the session is
   * cached, and the list goes with the session — after SESSION_CACHE_MS (so another process's
   * change shows within that time, as a logout there does), and at once in this process when the
   * person's memberships or a workspace of theirs change (forgetUser).
   */
  workspacesOf(token: string | undefined, user: AuthUser): Promise<MemberWorkspace[]> {
    const read = async () => (await this.workspaces.listForUser(user.id)).map(({ id, name, role }) => ({ id, name, role }));
    const session = token ? this.cache.get(hashSessionId(token)) : undefined;
    // A session read again since `user` was answered is not this request's: its list is its own.
    if (!session || session.user !== user) return read();
    if (!session.workspaces) {
      // Kept before it is answered, so concurrent requests of this session read it once; a failed read is not kept.
      const pending = read();
      session.workspaces = pending;
      pending.catch(() => {
        if (session.workspaces === pending) session.workspaces = undefined;
      });
    }
    return session.workspaces;
  }

  /** Makes a workspace the session's current one (the caller has checked the person belongs to it). */
  async switchWorkspace(token: string | undefined, workspaceId: string): Promise<void> {
    if (!token) return;
    const idHash = hashSessionId(token);
    this.cache.delete(idHash);
    await this.sessions.setWorkspace(idHash, workspaceId);
  }

  /**
   * Drops what this process remembers of a person's sessions (their workspaces with them), so a
   * change of their memberships (a removal, a new role, a workspace joined, made or renamed) holds
   * from their next request here; other processes read it again within SESSION_CACHE_MS.
   */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.cache) if (entry.user.id === userId) this.cache.delete(key);
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    const idHash = hashSessionId(token);
    this.cache.delete(idHash);
    await this.sessions.delete(idHash);
  }

  private remember(idHash: string, session: CachedSession): void {
    if (this.cache.size >= SESSION_CACHE_MAX) {
      // Expired entries first; if every entry is fresh, the oldest goes.
      for (const [key, entry] of this.cache) if (session.readAt - entry.readAt >= SESSION_CACHE_MS) this.cache.delete(key);
      if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(idHash, session);
  }

  @Cron(CronExpression.EVERY_HOUR)
  async purgeExpired(now = new Date()): Promise<void> {
    await this.sessions.deleteExpired(new Date(now.getTime() - SESSION_IDLE_MS), now);
    this.logger.debug('Expired sessions purged');
  }
}
