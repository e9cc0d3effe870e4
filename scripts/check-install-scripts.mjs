// Part of `npm run lint`: every installed package with an install script is reviewed in
// package.json's allowScripts (allowed because it is needed, or denied; docs/decisions.md says
// why), so a new dependency's script is a decision, not a surprise.
import { spawnSync } from 'node:child_process';

const listed = spawnSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' });
const output = `${listed.stdout}${listed.stderr}`.trim();
if (listed.status !== 0 || !output.startsWith('No packages with unreviewed install scripts')) {
  process.stderr.write(
    `${output}\nReview each in package.json's allowScripts (true: needed; false: denied) and say why in docs/decisions.md › Install scripts.\n`,
  );
  process.exit(1);
}
