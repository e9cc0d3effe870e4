import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../common/paths';

type Version = [number, number, number];

function parse(version: string): Version | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

const older = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Why this Node.js cannot run Quire, in one line, or null when it can. `required` is package.json's
 * `engines.node`, written as `>=X.Y.Z`: the one place the supported runtime is named.
 */
export function runtimeProblem(running: string, required: string): string | null {
  const minimum = parse(required.replace(/^>=\s*/, ''));
  if (!minimum || !/^>=/.test(required.trim())) return `package.json's engines.node must read ">=X.Y.Z", not "${required}"`;
  const actual = parse(running);
  if (actual && older(actual, minimum) >= 0) return null;
  return (
    `Quire needs Node.js ${minimum.join('.')} or newer and this is ${running}: run it through npm ` +
    `(npm start, npm test), which uses the project's own Node.js 24 from node_modules/.bin, or install Node.js 24 LTS.`
  );
}

/** package.json's engines.node. */
export function requiredNode(): string {
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
}
