// Requests/second of a route against a baseline, in the same run: autocannon with 10 connections,
// after a warm-up of both, the two loaded in turns (ROUNDS short windows each), so a machine busy
// with other work slows both alike and their ratio stays fair.
import autocannon from 'autocannon';

export const ROUNDS = 4;
export const CONNECTIONS = 10;

async function load(url, headers, seconds) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/** `a` and `b` ({ url, headers }) loaded in turns for `seconds` each in all; answers each one's mean req/s and worst p50 and p99. */
export async function inTurns(a, b, seconds) {
  await load(a.url, a.headers, 2);
  await load(b.url, b.headers, 2);
  const results = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    results[0].push(await load(a.url, a.headers, seconds / ROUNDS));
    results[1].push(await load(b.url, b.headers, seconds / ROUNDS));
  }
  const sum = (list) => ({
    rps: list.reduce((total, r) => total + r.requests.average, 0) / list.length,
    p50: Math.max(...list.map((r) => r.latency.p50)),
    p99: Math.max(...list.map((r) => r.latency.p99)),
  });
  return results.map(sum);
}
