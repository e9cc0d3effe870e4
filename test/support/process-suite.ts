import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { emptyPostgres } from './postgres';
import { ServerProcess } from './server-process';

/** The PostgreSQL server the suite runs against, if any (two processes can share only that). */
export const POSTGRES_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;

/**
 * Real server processes (the built dist/main.js) against the Notion and OpenAI simulators: the
 * simulators start once, and before each test they are emptied, PostgreSQL too (or a new data
 * directory is made for the embedded database), and `env` is made afresh with `extraEnv`. Push
 * each server started to `servers`: those still running are stopped after the file.
 */
export function processSuite(extraEnv: Record<string, string>) {
  const notion = new NotionFake();
  const openai = new OpenAiFake();
  const servers: ServerProcess[] = [];
  let env: Record<string, string> = {};

  beforeAll(async () => {
    await Promise.all([notion.start(), openai.start()]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all([notion.stop(), openai.stop()]);
  });
  beforeEach(async () => {
    notion.reset();
    openai.reset();
    if (POSTGRES_URL) await emptyPostgres(POSTGRES_URL);
    env = {
      AUTH_MODE: 'local',
      DATABASE_URL: POSTGRES_URL ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-processes-')),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      NOTION_BASE_URL: notion.baseUrl,
      OPENAI_BASE_URL: openai.baseUrl,
      ...extraEnv,
    };
  });

  return {
    notion,
    openai,
    servers,
    get env() {
      return env;
    },
    /** The local operator, signed in to the server. */
    async signIn(server: ServerProcess) {
      const agent = request.agent(server.url);
      await agent.get('/api/auth/local').expect(302);
      return agent;
    },
  };
}
