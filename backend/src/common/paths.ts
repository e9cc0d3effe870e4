import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root, found from the running file: works from dist/ and from the sources (tests). */
function findProjectRoot(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'quire') return dir;
  }
  throw new Error(`Cannot find Quire's package.json above ${start}`);
}

export const PROJECT_ROOT = findProjectRoot(__dirname);
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'backend', 'drizzle');
export const ADMIN_DIST = join(PROJECT_ROOT, 'admin', 'dist');
