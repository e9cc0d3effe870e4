import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { createHash, randomBytes } from 'node:crypto';
import { AuthUser } from './current-user';
import { SessionsRepository } from './sessions.repository';

const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

function hashSessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Server-side sessions: the browser holds a 256-bit random id, the database its hash. */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(private readonly sessions: SessionsRepository) {}

  async create(userId: string, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.sessions.create({
      idHash: hashSessionId(token),
      userId,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    });
    return token;
  }

  /** The user behind a session cookie, or null when it is unknown, idle too long or too old. */
  async resolve(token: string | undefined, now = new Date()): Promise<AuthUser | null> {
    if (!token || token.length > 100) return null;
    const idHash = hashSessionId(token);
    const found = await this.sessions.findWithUser(idHash);
    if (!found) return null;
    const { session, user } = found;
    const idleFor = now.getTime() - session.lastSeenAt.getTime();
    if (session.expiresAt.getTime() <= now.getTime() || idleFor > SESSION_IDLE_MS) {
      await this.sessions.delete(idHash);
      return null;
    }
    if (idleFor > TOUCH_INTERVAL_MS) await this.sessions.touch(idHash, now);
    return user;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete(hashSessionId(token));
  }

  @Cron(CronExpression.EVERY_HOUR)
  async purgeExpired(now = new Date()): Promise<void> {
    await this.sessions.deleteExpired(new Date(now.getTime() - SESSION_IDLE_MS), now);
    this.logger.debug('Expired sessions purged');
  }
}
