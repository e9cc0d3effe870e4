import { join } from 'node:path';
import { PROJECT_ROOT } from './paths';

/** Under jest the server runs from its TypeScript sources; its worker threads then compile them with swc. */
const FROM_SOURCE = __filename.endsWith('.ts');

/**
 * The file and Node arguments a worker thread runs from: `<dir>/<name>.js` when built, and its
 * TypeScript source compiled by swc as it loads under the tests.
 */
export function threadFile(dir: string, name: string): { filename: string; execArgv: string[] } {
  return {
    filename: join(dir, FROM_SOURCE ? `${name}.ts` : `${name}.js`),
    execArgv: FROM_SOURCE ? ['--require', join(PROJECT_ROOT, 'scripts', 'lib', 'swc-register.cjs')] : [],
  };
}
