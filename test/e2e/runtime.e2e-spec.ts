import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The built server run by a Node.js that claims to be `version` (a preload rewrites process.version). */
function startAs(version: string) {
  const preload = join(mkdtempSync(join(tmpdir(), 'quire-runtime-')), 'pretend.cjs');
  writeFileSync(preload, `Object.defineProperty(process, 'version', { value: ${JSON.stringify(version)} });\n`);
  return spawnSync(process.execPath, ['--require', preload, join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', PORT: '0', DATABASE_URL: 'memory://', AUTH_MODE: 'local' },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

/** The server runs on Node.js 24 LTS: an older Node.js is refused at start with one line. */
describe('The runtime the server starts on', () => {
  it('should refuse a Node.js older than package.json allows, with one line and nothing started', () => {
    const run = startAs('v20.19.5');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "Quire needs Node.js 24.11.0 or newer and this is v20.19.5: run it through npm (npm start, npm test), which uses the project's own Node.js 24 from node_modules/.bin, or install Node.js 24 LTS.\n",
    );
  });

  it('should run on the Node.js these tests run on (the project pins Node.js 24)', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
