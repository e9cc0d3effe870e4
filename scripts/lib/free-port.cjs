// A port no one listens on now, on 127.0.0.1, for a server a test or benchmark starts: a fixed port
// may be taken, or worse, answered by a server left over from an earlier run.
//
// Under jest, several workers start servers at once. A port the system hands out (listen on 0) is
// free only until the probe closes it: another worker may be handed the same one before the first
// server binds it, and then one server answers both tests' requests until its own test stops it
// (seen once in CI with five workers: a health check passed, the next request was refused). So
// each jest worker takes its ports in turn from a block of its own, below Linux's ephemeral range
// (32768-60999), each checked free before it is given.
const { createServer } = require('node:net');

const FIRST = 20_000;
const BLOCK = 400;
const worker = Number(process.env.JEST_WORKER_ID ?? 0);
let next = 0;

/** Whether a server may listen on `port` of 127.0.0.1 now (0: any; answers the port it got, or null). */
function probe(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address();
      server.close(() => resolve(got));
    });
  });
}

/** @returns {Promise<number>} */
async function freePort() {
  if (worker > 0) {
    const base = FIRST + ((worker - 1) % 30) * BLOCK;
    for (let tries = 0; tries < BLOCK; tries++) {
      const port = base + (next++ % BLOCK);
      if ((await probe(port)) === port) return port;
    }
  }
  const port = await probe(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}

module.exports = { freePort };
