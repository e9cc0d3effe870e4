// API end-to-end specs. Each file owns its app and database: on the embedded database (an
// in-memory PGlite per file) two files run at once; on PostgreSQL the files share one database and
// empty its tables between tests, so they run one after another.
import { spawnSync } from 'node:child_process';

const shared = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
const result = spawnSync(
  'npx',
  ['jest', '--config', 'jest.config.js', '--selectProjects', 'e2e', shared ? '--runInBand' : '--maxWorkers=2', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ') } },
);
process.exit(result.status ?? 1);
