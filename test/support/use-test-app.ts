import request from 'supertest';
import type { Crash } from '../fakes/http-fake';
import { createTestApp, signInLocal, signInWithGoogle, TestApp } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

/** What the app talks to in a spec file (the simulators in test/fakes): started before it, stopped after it. */
export interface Simulator {
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  /** Forgets what the last test did; called before each test. */
  reset?(): unknown;
  /** Requests it could not answer (test/fakes/http-fake.ts): none may be left after a test. */
  readonly crashes?: Crash[];
}

export interface TestAppOptions {
  /** Started together before the app, stopped together after it, reset in this order before each test. */
  fakes?: Simulator[];
  /** The app's env overrides, asked for once the fakes have started (so it can read their baseUrl). */
  env?: () => Record<string, string>;
  /** Signs an operator in before each test, as the agent the returned app carries. */
  signIn?: 'local' | 'google';
}

/** The app of a spec file whose operator signs in before each test: `agent` carries the session. */
export interface SignedInTestApp extends TestApp {
  readonly agent: Agent;
}

/**
 * Registers the lifecycle of a spec file's app (call it at the top of a describe, before that
 * describe's own hooks, so they run after these):
 * - beforeAll: the fakes start, then createTestApp(env());
 * - beforeEach: t.reset() (empty tables), then each fake's reset(), then the sign-in, if any;
 * - afterAll: t.close(), then the fakes stop, all of them even when something failed; once
 *   beforeAll has failed, nothing is thrown here to hide its error.
 * Returns a TestApp (with signIn, plus the signed-in `agent`) whose properties are getters, read in hooks and tests.
 */
export function useTestApp(options: TestAppOptions & { signIn: 'local' | 'google' }): SignedInTestApp;
export function useTestApp(options?: TestAppOptions): TestApp;
export function useTestApp({ fakes = [], env, signIn }: TestAppOptions = {}): SignedInTestApp {
  let started: TestApp | undefined;
  let agent: Agent | undefined;
  let failedToStart = false;

  beforeAll(async () => {
    try {
      // Settled, not Promise.all: when one fails, the others have finished starting before afterAll stops them.
      throwFirst(await Promise.allSettled(fakes.map(async (fake) => fake.start())));
      started = await createTestApp(env?.());
    } catch (error) {
      failedToStart = true;
      throw error;
    }
  });
  afterAll(async () => {
    const closed = await Promise.allSettled([(async () => started?.close())()]);
    started = undefined;
    const stopped = await Promise.allSettled(fakes.map(async (fake) => fake.stop()));
    if (!failedToStart) throwFirst([...closed, ...stopped]);
  });
  beforeEach(async () => {
    agent = undefined;
    await running().reset();
    for (const fake of fakes) {
      await fake.reset?.();
      fake.crashes?.splice(0);
    }
    if (signIn) agent = await (signIn === 'google' ? signInWithGoogle : signInLocal)(running().http);
  });

  // A simulator that could not answer a request has a defect, or was sent what no vendor parses: either fails the test.
  afterEach(() => {
    const crashes = fakes.flatMap((fake) => fake.crashes ?? []);
    if (crashes.length > 0) throw new Error(`A simulator could not answer: ${JSON.stringify(crashes)}`);
  });

  function running(): TestApp {
    if (!started) throw new Error('useTestApp: the app is not running (it starts in beforeAll and closes in afterAll)');
    return started;
  }
  return {
    get app() {
      return running().app;
    },
    get config() {
      return running().config;
    },
    get database() {
      return running().database;
    },
    get logger() {
      return running().logger;
    },
    get http() {
      return running().http;
    },
    reset: () => running().reset(),
    close: () => running().close(),
    get agent() {
      if (!agent) throw new Error(signIn ? 'useTestApp: no operator signed in yet (that happens in beforeEach)' : 'useTestApp: no signIn option, so no agent');
      return agent;
    },
  };
}

function throwFirst(results: PromiseSettledResult<unknown>[]): void {
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
