// How the built server is started, in one place for `npm start`, the benches, the e2e server
// processes and the browser suite (the Dockerfile writes the same line).
//
// `--liftoff-only`: PGlite's WebAssembly on V8's baseline compiler only. The optimising tier compiled
// what start-up made hot and held ~500 MB at its peak on Node.js 24 (~50 MB kept). V8 reads the flag
// when the process starts: since Node.js 22 a flag set later (v8.setFlagsFromString) no longer takes.
//
// `--max-semi-space-size=8`: each isolate's young generation (the main thread's and every worker's)
// at most 8 MB a half. Node.js 24's V8 grows it further by default: the 30 x 6 batch peaked at 384
// MB against 272 MB on Node.js 20, and 327 MB with this flag (305 MB at 4 MB), idle 211 MB instead
// of 232 MB, with the same wall time and the same GET /api/me ratio to a bare route (bench/).
const { join } = require('node:path');

const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=8'];

/** `node` arguments that start the built server of the project at `root`. */
function serverArgs(root) {
  return [...SERVER_NODE_FLAGS, join(root, 'dist', 'main.js')];
}

module.exports = { SERVER_NODE_FLAGS, serverArgs };
