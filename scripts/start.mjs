// `npm start`: build what changed, then run the server (embedded database unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
await import('./build-if-stale.mjs');
const server = spawn(process.execPath, [join(root, 'dist', 'main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
