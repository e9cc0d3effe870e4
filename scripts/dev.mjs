// `npm run dev`: the server rebuilt and restarted on every change of backend/src. TypeScript's
// compiler watches the sources and writes dist/; each time it ends a compilation without errors,
// the running server is stopped and started again (the dashboard is built once, if stale).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { serverArgs } = require('./lib/server-command.cjs');
const root = new URL('..', import.meta.url).pathname;

await import('./build-if-stale.mjs');

let server = null;
let stopping = null;
async function restart() {
  if (server) {
    const running = server;
    stopping = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await stopping;
  }
  server = spawn(process.execPath, serverArgs(root), { cwd: root, stdio: 'inherit' });
}

const tsc = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json', '--watch', '--preserveWatchOutput'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
tsc.stdout.setEncoding('utf8');
tsc.stdout.on('data', (text) => {
  process.stdout.write(text);
  // "Found 0 errors. Watching for file changes." ends each compilation.
  const ended = /Found (\d+) errors?\. Watching for file changes/.exec(text);
  if (ended && ended[1] === '0') void restart();
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    tsc.kill(signal);
    server?.kill(signal);
    process.exit(0);
  });
}
