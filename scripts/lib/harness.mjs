// Shared by the demo and the benchmarks: start the built server and the simulators, sign in, call the API.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { articleEntry } from './article-entry.cjs';
import { freePort } from './free-port.cjs';
import { serverArgs } from './server-command.cjs';

export { freePort };

export const root = new URL('../..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

/** The HTTP simulators in test/fakes, compiled by `npm run build` into dist-fakes/. */
export function fakes() {
  return {
    NotionFake: require(join(root, 'dist-fakes/notion-fake.js')).NotionFake,
    OpenAiFake: require(join(root, 'dist-fakes/openai-fake.js')).OpenAiFake,
    GoogleFake: require(join(root, 'dist-fakes/google-fake.js')).GoogleFake,
    AnthropicFake: require(join(root, 'dist-fakes/anthropic-fake.js')).AnthropicFake,
    CompatibleFake: require(join(root, 'dist-fakes/compatible-fake.js')).CompatibleFake,
  };
}

export async function waitFor(url, child, timeoutMs = 120_000) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return performance.now() - start;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** The built server (`node --liftoff-only --max-semi-space-size=8 dist/main.js`, server-command.cjs) with the given environment (on a free port unless one is given); resolves once /api/health answers. */
export async function startServer(env, { port, quiet = true } = {}) {
  port ??= await freePort();
  const child = spawn(process.execPath, serverArgs(root), {
    cwd: root,
    env: { ...process.env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const ms = await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return { child, ms, url: `http://127.0.0.1:${port}` };
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Follows a sign-in redirect chain by hand and answers the session cookie. */
export async function signIn(baseUrl, provider) {
  let url = `${baseUrl}/api/auth/${provider}`;
  const jar = new Map();
  for (let hop = 0; hop < 5; hop++) {
    const sameApp = url.startsWith(baseUrl);
    const response = await fetch(url, { redirect: 'manual', headers: sameApp ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {} });
    if (sameApp) for (const cookie of response.headers.getSetCookie()) jar.set(cookie.split('=')[0], cookie.split(';')[0].slice(cookie.indexOf('=') + 1));
    const location = response.headers.get('location');
    if (!location) break;
    url = new URL(location, url).toString();
    if (url === `${baseUrl}/`) break;
  }
  const session = [...jar].find(([name]) => name.endsWith('quire_session'));
  if (!session) throw new Error(`signing in with ${provider} gave no session`);
  return `${session[0]}=${session[1]}`;
}

export function client(baseUrl, cookie) {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
}

/** A model, sections (the first uses a bias list) and a template; answers what it made. */
export async function seedTemplate(
  api,
  {
    title,
    type,
    headings,
    userPrompt = 'Write the "{{section_heading}}" section of "{{title}}" about {{Keyword}}.',
    baseModel = 'gpt-4o',
    // More models (each made for the template) take the sections in turn: { base_model, connection_id } of any provider.
    moreModels = [],
  },
) {
  const model = await api('POST', '/api/models', { name: `${title} model`, base_model: baseModel });
  const others = [];
  for (const [i, more] of moreModels.entries()) others.push(await api('POST', '/api/models', { name: `${title} model ${i + 2}`, ...more }));
  const models = [model, ...others];
  const bias = await api('POST', '/api/logit-bias-groups', { name: `${title} words to avoid`, entries: [{ words: ['delve', 'tapestry'], bias: -100 }] });
  const sections = [];
  for (const [i, heading] of headings.entries()) {
    sections.push(
      await api('POST', '/api/sections', {
        name: heading,
        model: models[i % models.length]._id,
        temperature: 0.7,
        logit_bias_group: i === 0 ? bias._id : null,
        system_message: 'You are a helpful content writer for {{client}}. Write in clear Markdown.',
        user_message: userPrompt,
        notes: '',
      }),
    );
  }
  const article = await api('POST', '/api/articles', { article_title: title, article_type: type, sections: sections.map((s) => articleEntry(s)) });
  return { model, bias, sections, article };
}
