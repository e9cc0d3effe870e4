// Builds the server and the dashboard when their sources are newer than the last build, so
// `npm start` and the browser tests always run what is in the working tree without rebuilding
// on every start.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const sources = [
  'packages/shared/src',
  'backend/src',
  'backend/drizzle',
  'test/fakes',
  'admin/src',
  'admin/index.html',
  'admin/vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
const outputs = [join(root, 'admin', 'dist', 'index.html'), join(root, 'dist-fakes', 'notion-fake.js')];
const built = existsSync(stamp) && outputs.every((file) => existsSync(file)) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((source) => newest(join(root, source))));

if (changed > built) {
  console.log('Building Quire (server and dashboard)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}
