import { retryingNotionFetch } from './notion-fetch';

const POLICY = { retries: 3, initialDelayMs: 1, maxDelayMs: 2 };
const answer = (status: number, headers: Record<string, string> = {}) => new Response(JSON.stringify({ status }), { status, headers });

/** A fake `send` that answers the given statuses in turn ('network' throws) and counts its calls. */
function sequence(...answers: (number | 'network' | 'refused')[]) {
  const calls: string[] = [];
  const send = async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    const next = answers.shift() ?? 200;
    if (next === 'network') throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    if (next === 'refused') throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    return answer(next);
  };
  return { send, calls };
}

describe('retryingNotionFetch', () => {
  it.each([409, 429, 500, 502, 503, 504])('should retry a %s and answer what comes after', async (status) => {
    const { send, calls } = sequence(status, 200);
    const response = await retryingNotionFetch(send, POLICY)('https://api.notion.com/v1/pages/p', { method: 'PATCH' });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('should retry a dropped connection of a read, not a refused one', async () => {
    const { send, calls } = sequence('network', 200);
    expect((await retryingNotionFetch(send, POLICY)('https://api.notion.com/v1/blocks/b/children', { method: 'GET' })).status).toBe(200);
    expect(calls).toHaveLength(2);
    const refused = sequence('refused', 200);
    await expect(retryingNotionFetch(refused.send, POLICY)('https://api.notion.com/v1/blocks/b/children', { method: 'GET' })).rejects.toThrow('fetch failed');
    expect(refused.calls).toHaveLength(1);
  });

  it.each([400, 401, 403, 404])('should not retry a refusal (%s)', async (status) => {
    const { send, calls } = sequence(status, 200);
    expect((await retryingNotionFetch(send, POLICY)('https://api.notion.com/v1/pages/p', { method: 'PATCH' })).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it('should give up after the last retry with the last answer', async () => {
    const { send, calls } = sequence(503, 503, 503, 503, 503);
    expect((await retryingNotionFetch(send, POLICY)('https://api.notion.com/v1/databases/d', { method: 'GET' })).status).toBe(503);
    expect(calls).toHaveLength(4);
  });

  it('should retry an append only after a 429, which Notion did not take', async () => {
    const url = 'https://api.notion.com/v1/blocks/p/children';
    for (const status of [502, 504, 409, 500]) {
      const { send, calls } = sequence(status, 200);
      expect((await retryingNotionFetch(send, POLICY)(url, { method: 'PATCH' })).status).toBe(status);
      expect(calls).toHaveLength(1);
    }
    const limited = sequence(429, 200);
    expect((await retryingNotionFetch(limited.send, POLICY)(url, { method: 'PATCH' })).status).toBe(200);
    const lost = sequence('network', 200);
    await expect(retryingNotionFetch(lost.send, POLICY)(url, { method: 'PATCH' })).rejects.toThrow('fetch failed');
    expect(lost.calls).toHaveLength(1);
  });

  it('should wait what Retry-After asks before retrying', async () => {
    const stamps: number[] = [];
    const answers = [answer(429, { 'retry-after': '1' }), answer(200)];
    const send = async () => {
      stamps.push(Date.now());
      return answers.shift()!;
    };
    await retryingNotionFetch(send, { retries: 3, initialDelayMs: 1, maxDelayMs: 1 })('https://api.notion.com/v1/pages/p', { method: 'GET' });
    expect(stamps[1] - stamps[0]).toBeGreaterThanOrEqual(990);
  });
});
