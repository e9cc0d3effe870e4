// Preloaded into a server process (NODE_OPTIONS=--require) by the e2e specs: on SIGUSR2 it writes
// the files the process has loaded through require to QUIRE_PROBE_FILE, so a spec can see what a
// start loads.
const { writeFileSync } = require('node:fs');

process.on('SIGUSR2', () => writeFileSync(process.env.QUIRE_PROBE_FILE, JSON.stringify(Object.keys(require.cache))));
