// A port no one listens on now, on 127.0.0.1, for a server a test or benchmark starts: a fixed port
// may be taken, or worse, answered by a server left over from an earlier run.
const { createServer } = require('node:net');

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

module.exports = { freePort };
