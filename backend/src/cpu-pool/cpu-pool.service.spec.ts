import { logitBiasMaps } from '../integrations/openai/tokenizer';
import { CpuPool } from './cpu-pool.service';

describe(CpuPool.name, () => {
  const pool = new CpuPool();
  afterAll(() => pool.onApplicationShutdown());

  const madeUp = (n: number, length: number) => Array.from({ length: n }, (_, i) => `${(i * 7919 + 104729).toString(36)}${'qz'.repeat(length)}`);

  describe('run', () => {
    it('should give the same answer as the task run in-process', async () => {
      const entries = [{ words: madeUp(50, 3), bias: -50 }];
      expect(await pool.run('logitBiasMaps', { entries, limit: 300 })).toEqual(logitBiasMaps(entries, 300));
    });

    it('should keep the event loop turning while it tokenises a long list', async () => {
      let turns = 0;
      const timer = setInterval(() => turns++, 1);
      try {
        // Loading o200k_base and encoding 1,000 long made-up words takes the thread a second or more.
        const preview = await pool.run('previewTokens', { words: madeUp(1000, 40), family: 'o200k_base' });
        expect(preview.words).toHaveLength(1000);
      } finally {
        clearInterval(timer);
      }
      // Had the work run on this thread, no timer could have fired until it ended.
      expect(turns).toBeGreaterThan(20);
    });

    it('should parse a page in a worker thread', async () => {
      const html =
        '<html><head><title>T</title></head><body><article><h1>Title</h1><p>Intro.</p><h2>One</h2><p>Text.</p><a href="/b">b</a></article></body></html>';
      const page = await pool.run('parsePage', { html, url: 'https://site.test/a', site: 'https://site.test/' });
      expect(page.links).toEqual(['https://site.test/b']);
      expect(page.result).toMatchObject({ article: { title: 'Title', sections: [{ heading: 'One' }] } });
    });
  });
});
