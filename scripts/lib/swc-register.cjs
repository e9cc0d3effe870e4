// Compiles TypeScript on require with swc (the same .swcrc as jest), for worker threads started
// while the server runs from its sources under jest. The built server never loads this.
const { readFileSync } = require('node:fs');

let swc;
require.extensions['.ts'] = function compileTypeScript(module, filename) {
  swc ??= require('@swc/core');
  const { code } = swc.transformSync(readFileSync(filename, 'utf8'), { filename, swcrc: true });
  module._compile(code, filename);
};
