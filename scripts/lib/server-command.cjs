// How the built server is started, in one place for `npm start`, the benches, the e2e server
// processes and the browser suite (the Dockerfile writes the same line).
//
// `--liftoff-only`: PGlite's WebAssembly on V8's baseline compiler only. The optimising tier compiled
// what start-up made hot and held ~500 MB at its peak on Node.js 24 (~50 MB kept). V8 reads the flag
// when the process starts: since Node.js 22 a flag set later (v8.setFlagsFromString) no longer takes.
const { join } = require('node:path');

const SERVER_NODE_FLAGS = ['--liftoff-only'];

/** `node` arguments that start the built server of the project at `root`. */
function serverArgs(root) {
  return [...SERVER_NODE_FLAGS, join(root, 'dist', 'main.js')];
}

module.exports = { SERVER_NODE_FLAGS, serverArgs };
