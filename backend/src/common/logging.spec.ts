import { Logger } from '@nestjs/common';
import { AppLogger } from './app-logger';
import type { NextFunction, Request, Response } from 'express';
import { bindRequestLogger, createRootLogger, requestIdFor, startBanner } from './logging';
import { StartRefusal } from './start-refusal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A JSON log line as parsed. */
type LogRecord = Record<string, unknown> & { err?: { stack: string } };

/** A root logger writing JSON lines into an array. */
function capture(level: 'info' | 'debug' | 'trace' = 'trace') {
  const records: LogRecord[] = [];
  const root = createRootLogger({ format: 'json', level }, { write: (line: string) => void records.push(JSON.parse(line) as LogRecord) });
  return { root, records };
}

describe('requestIdFor', () => {
  it.each([['abc-123'], ['req_9.4:x'], ['A'], ['a'.repeat(64)]])('should keep the short safe token %s a request came with', (id) => {
    expect(requestIdFor(id)).toBe(id);
  });

  it.each([
    ['no header', undefined],
    ['an empty one', ''],
    ['spaces', 'bad id'],
    ['a line break', 'abc\n{"level":"error"}'],
    ['markup', '<script>'],
    ['quotes', '"x"'],
    ['65 characters', 'a'.repeat(65)],
    ['a leading dash', '-abc'],
  ])('should make a new id for %s', (_, incoming) => {
    expect(requestIdFor(incoming)).toMatch(UUID);
  });

  it('should read the first of repeated headers', () => {
    expect(requestIdFor(['first', 'second'])).toBe('first');
  });

  it('should make a different id each time', () => {
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});

describe('createRootLogger', () => {
  it('should write JSON lines with the level by name, an ISO time and the pid', () => {
    const { root, records } = capture();
    root.info({ context: 'Here' }, 'hello');
    expect(records).toEqual([{ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), pid: process.pid, context: 'Here', msg: 'hello' }]);
  });

  it('should redact secrets in messages, fields and errors, their stacks included', () => {
    const { root, records } = capture();
    root.warn('sent Authorization: Bearer qk_0123456789abcdef');
    root.error({ detail: { key: 'sk-proj-verysecretvalue' } }, 'refused ntn_4815162342abcdefghij');
    const error = new Error('OpenAI refused sk-ant-api03-secretsecret');
    root.error(error);
    root.info({ headers: { cookie: 'quire_session=abc', authorization: 'Basic dXNlcg==' } }, 'headers');
    root.error({ err: new Error('outer', { cause: new Error('inner sk-proj-causesecretvalue') }) }, 'with a cause');
    const text = JSON.stringify(records);
    for (const secret of ['qk_0123456789abcdef', 'verysecretvalue', '4815162342', 'secretsecret', 'quire_session=abc', 'dXNlcg==', 'causesecretvalue']) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
    expect(records[2]).toMatchObject({ level: 'error', msg: 'OpenAI refused sk-[redacted]', err: { type: 'Error', message: 'OpenAI refused sk-[redacted]' } });
    expect(records[2].err?.stack).toMatch(/^Error: OpenAI refused sk-\[redacted\]\n\s+at /);
    expect(records[3].headers).toEqual({ cookie: '[redacted]', authorization: '[redacted]' });
  });

  it('should leave out what is below its level', () => {
    const { root, records } = capture('info');
    root.debug('quiet');
    root.info('said');
    expect(records.map((r) => r.msg)).toEqual(['said']);
  });
});

describe('AppLogger', () => {
  it("should keep NestJS's route mapping and module lines for debug, and log the app's own at info", () => {
    const { root, records } = capture();
    const logger = new AppLogger(root);
    logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    logger.log('HealthController {/api}:', 'RoutesResolver');
    logger.log('ConfigModule dependencies initialized', 'InstanceLoader');
    logger.log('Database ready', 'DatabaseService');
    expect(records.map((r) => [r.level, r.context])).toEqual([
      ['debug', 'RouterExplorer'],
      ['debug', 'RoutesResolver'],
      ['debug', 'InstanceLoader'],
      ['info', 'DatabaseService'],
    ]);
  });

  it('should leave a StartRefusal to main.ts, and log other errors with their redacted stack', () => {
    const { root, records } = capture();
    const logger = new AppLogger(root);
    logger.error(new StartRefusal('this database was migrated by a newer Quire'));
    logger.error(new Error('failed with Bearer qk_secret'), 'Quire');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ level: 'error', context: 'Quire', msg: 'failed with Bearer [redacted]' });
    expect(records[0].err?.stack).not.toContain('qk_secret');
  });

  it("should write what is logged while a request is handled with that request's id", async () => {
    const { root, records } = capture();
    const logger = new AppLogger(root);
    const req = { log: root.child({ reqId: 'req-1' }) } as unknown as Request;
    await new Promise<void>((resolve) => {
      const next: NextFunction = () => void setImmediate(() => (logger.warn('slow answer', 'Sections'), resolve()));
      bindRequestLogger(req, {} as Response, next);
    });
    logger.log('between requests', 'Jobs');
    expect(records.map((r) => [r.reqId, r.context, r.msg])).toEqual([
      ['req-1', 'Sections', 'slow answer'],
      [undefined, 'Jobs', 'between requests'],
    ]);
  });

  it("should take NestJS's Logger calls, context included", () => {
    const { root, records } = capture();
    Logger.overrideLogger(new AppLogger(root));
    try {
      new Logger('Jobs').warn('slow');
      new Logger('Jobs').verbose('detail');
    } finally {
      Logger.overrideLogger(false);
    }
    expect(records.map((r) => [r.level, r.context, r.msg])).toEqual([
      ['warn', 'Jobs', 'slow'],
      ['trace', 'Jobs', 'detail'],
    ]);
  });
});

describe('startBanner', () => {
  const base = { appUrl: 'http://localhost:3000', host: '127.0.0.1', port: 3000, log: { format: 'pretty' as const, level: 'info' as const } };

  it('should say where Quire is, to press Sign in with Local Operator, that local sign-in is for one machine, and where the data is', () => {
    const banner = startBanner({ ...base, authMode: 'local', database: { kind: 'pglite', dataDir: '/srv/quire/data/pglite' } });
    expect(banner).toContain('http://localhost:3000');
    expect(banner).toContain('press "Sign in with Local Operator"');
    expect(banner).toContain('It is for one machine only.');
    expect(banner).toContain('Database: embedded, at /srv/quire/data/pglite');
  });

  it('should say Sign in with Google and PostgreSQL, and never print the database URL', () => {
    const banner = startBanner({ ...base, authMode: 'google', database: { kind: 'postgres', url: 'postgres://quire:hunter2@db/quire' } });
    expect(banner).toContain('press "Sign in with Google"');
    expect(banner).not.toContain('one machine');
    expect(banner).toContain('Database: PostgreSQL');
    expect(banner).not.toContain('hunter2');
  });
});
