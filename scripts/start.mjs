// `npm start`: build what changed, then run the server (embedded database unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const { serverArgs } = createRequire(import.meta.url)('./lib/server-command.cjs');

const root = new URL('..', import.meta.url).pathname;
await import('./build-if-stale.mjs');
const server = spawn(process.execPath, serverArgs(root), { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
