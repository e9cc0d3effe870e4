import { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { createApp } from '../../backend/src/app.factory';
import { AppLogger } from '../../backend/src/common/app-logger';
import { createRootLogger } from '../../backend/src/common/logging';
import { AppConfig, loadConfig } from '../../backend/src/config/config';
import { DatabaseService } from '../../backend/src/database/database.service';
import { WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { memberships } from '../../backend/src/workspaces/workspaces.schema';
import { sessions } from '../../backend/src/auth/sessions.schema';
import type { Role } from '@quire/shared';
import { SessionsService } from '../../backend/src/auth/sessions.service';
import { UsersRepository } from '../../backend/src/users/users.repository';

/**
 * Captures everything the app logs — after the root logger's redaction, stacks included — so tests
 * can assert that secrets never reach the log: `records` are the JSON lines as written, `lines`
 * each as "level context message" with its error's stack.
 */
export class CapturingLogger extends AppLogger {
  readonly lines: string[];
  readonly records: Record<string, any>[];
  constructor() {
    const lines: string[] = [];
    const records: Record<string, any>[] = [];
    const capture = {
      write(json: string) {
        const record = JSON.parse(json) as Record<string, any>;
        records.push(record);
        const stack = typeof record.err?.stack === 'string' ? `\n${record.err.stack}` : '';
        lines.push(`${record.level} ${record.context ?? ''} ${typeof record.msg === 'string' ? record.msg : JSON.stringify(record.msg)}${stack}`);
      },
    };
    super(createRootLogger({ format: 'json', level: 'trace' }, capture));
    this.lines = lines;
    this.records = records;
  }
}

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  database: DatabaseService;
  logger: CapturingLogger;
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  /** Empties every table Quire owns (pg-boss keeps its own), the pace learned from the simulators included. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The database the suite runs on: PostgreSQL when DATABASE_URL is set (CI runs both), else in-memory PGlite. */
export function testDatabaseUrl(): string {
  return process.env.DATABASE_URL || 'memory://';
}

export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-test-')),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    AUTH_MODE: 'local',
    APP_URL: 'http://localhost:3000',
    ...overrides,
  };
}

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig(testEnv(overrides));
  const logger = new CapturingLogger();
  const app = await createApp(config, logger);
  const database = app.get(DatabaseService);
  return {
    app,
    config,
    database,
    logger,
    http: app.getHttpServer(),
    reset: () => truncateAll(database),
    close: () => app.close(),
  };
}

/**
 * Empties every table of Quire's between tests. On PostgreSQL the last test's work may still be
 * writing (a session's last_seen_at, a job's row) and PostgreSQL can end the truncate as one side of a
 * deadlock with it (40P01): it is then run again, the other side having finished.
 */
export async function truncateAll(database: DatabaseService): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await database.db.execute(sql`truncate table sessions, users, integration_pace, openai_model_parameters, fine_tune_refusals restart identity cascade`);
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: unknown }; code?: unknown }).cause?.code ?? (error as { code?: unknown }).code;
      if (code !== '40P01' || attempt >= 3) throw error;
    }
  }
}

/** Another operator with a session of their own, made the way sign-in makes them; answers their cookie. */
export async function otherOperatorCookie(t: TestApp, email = 'grace@quire.test'): Promise<string> {
  const user = await t.app.get(UsersRepository).upsertProfile({ id: randomUUID(), email, name: 'Grace Hopper', avatar: null, googleSubject: `g-${email}` });
  await t.app.get(WorkspacesService).onSignIn(user);
  return `quire_session=${await t.app.get(SessionsService).create(user.id)}`;
}

/**
 * Another person who is a member of `workspaceId` with `role` (as an accepted invitation makes
 * them), signed in with that workspace current; answers their cookie and id.
 */
export async function memberCookie(t: TestApp, workspaceId: string, role: Role, email = 'mallory@quire.test'): Promise<{ cookie: string; id: string }> {
  const user = await t.app.get(UsersRepository).upsertProfile({ id: randomUUID(), email, name: 'Mallory Member', avatar: null, googleSubject: `g-${email}` });
  await t.app.get(WorkspacesService).onSignIn(user);
  await t.database.db
    .insert(memberships)
    .values({ workspaceId, userId: user.id, role })
    .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { role } });
  const token = await t.app.get(SessionsService).create(user.id);
  await t.database.db.update(sessions).set({ workspaceId }).where(eq(sessions.userId, user.id));
  return { cookie: `quire_session=${token}`, id: user.id };
}

/** Signs in the local operator and returns an agent that carries the session cookie. */
export async function signInLocal(http: TestApp['http']) {
  const agent = request.agent(http);
  await agent.get('/api/auth/local').expect(302).expect('location', '/');
  return agent;
}

/** Signs in through the Google simulator the way a browser does (Quire → Google → callback). */
export async function signInWithGoogle(http: TestApp['http']) {
  const agent = request.agent(http);
  const start = await agent.get('/api/auth/google').expect(302);
  const consent = await fetch(start.headers.location, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  await agent
    .get(callback.pathname + callback.search)
    .expect(302)
    .expect('location', '/');
  return agent;
}
