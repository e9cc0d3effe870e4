import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ParsedArticle } from '@quire/shared';
import { AddressGuard, refusalReason } from './address-guard';
import { CrawlCounts, CrawlFailedError, Crawler, CrawlStore, Discovery } from './crawler';
import { CRAWL_LIMITS } from './page-fetcher';

/** The frontier in memory, as the job's page rows would hold it. */
class MemoryStore implements CrawlStore {
  mode: Discovery | null = null;
  rows: { seq: number; url: string; state: string; reason?: string; article?: ParsedArticle }[] = [];
  constructor(private readonly limit = 100) {}
  async discovery() {
    return this.mode;
  }
  async begin(discovery: Discovery, urls: string[]) {
    await this.addPages(urls);
    this.mode = discovery;
  }
  async addPages(urls: string[]) {
    for (const url of urls) {
      if (this.rows.length < this.limit && !this.rows.some((r) => r.url === url)) this.rows.push({ seq: this.rows.length + 1, url, state: 'pending' });
    }
  }
  async nextPending(limit: number, exclude: ReadonlySet<number>) {
    return this.rows.filter((r) => r.state === 'pending' && !exclude.has(r.seq)).slice(0, limit);
  }
  async has(url: string) {
    return this.rows.some((r) => r.url === url);
  }
  async found() {
    return this.rows.length;
  }
  async fetched(seq: number, article: ParsedArticle) {
    Object.assign(this.rows[seq - 1], { state: 'fetched', article });
  }
  async skipped(seq: number, reason: string) {
    Object.assign(this.rows[seq - 1], { state: 'skipped', reason });
  }
  async counts(): Promise<CrawlCounts> {
    const articles = this.rows.filter((r) => r.article);
    return {
      found: this.rows.length,
      fetched: this.rows.filter((r) => r.state !== 'pending').length,
      articles: articles.length,
      sections: articles.reduce((sum, r) => sum + r.article!.sections.length, 0),
    };
  }
  async progress() {}
  reasonOf(path: string) {
    return this.rows.find((r) => new URL(r.url).pathname === path)?.reason;
  }
}

const article = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><meta property="article:published_time" content="2024-02-03T10:00:00Z"></head><body>
  <article><h1>${title}</h1><p>${'An introduction that is long enough to count as real content for the reader. '.repeat(4)}</p>
  <h2>Frequently asked questions</h2><h3>Is it good?</h3><p>${'Yes, it is good for most people and most uses. '.repeat(5)}</p>
  <h2>Conclusion</h2><p>${'All things considered this is a sound choice for a lot of readers. '.repeat(5)}</p></article></body></html>`;

describe(Crawler.name, () => {
  let server: Server;
  let origin: string;
  const routes = new Map<string, (res: import('node:http').ServerResponse) => void>();
  const html = (body: string) => (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end(body);
  const redirectTo = (location: string) => (res: import('node:http').ServerResponse) => res.writeHead(301, { location }).end();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(res);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => routes.clear());

  /** Private networks refused, except this test server's loopback address (standing in for a public site). */
  const guarded = (settings: Partial<ConstructorParameters<typeof Crawler>[0]> = {}) =>
    new Crawler(
      { maxPages: 100, hostConcurrency: 2, hostDelayMs: 0, allowPrivateNetworks: false, userAgent: 'QuireBot/test', ...settings },
      new AddressGuard(false, { classify: (address) => (address === '127.0.0.1' ? null : refusalReason(address)) }),
    );

  describe('crawl', () => {
    it('should skip a page that redirects to a private address, saying why, and keep the others', async () => {
      routes.set('/robots.txt', (res) => res.writeHead(404).end());
      routes.set('/', html(`<a href="/one">one</a><a href="/sneaky">sneaky</a><a href="/metadata">m</a><a href="/v6">v6</a>`));
      routes.set('/one', html(article('One')));
      routes.set('/sneaky', redirectTo('http://10.0.0.5/admin'));
      routes.set('/metadata', redirectTo('http://169.254.169.254/latest/meta-data/'));
      routes.set('/v6', redirectTo('http://[::ffff:192.168.0.1]/'));
      const store = new MemoryStore();
      const outcome = await guarded().crawl(`${origin}/`, store);
      expect(outcome.counts).toMatchObject({ articles: 1, fetched: 5, found: 5 });
      expect(store.reasonOf('/sneaky')).toBe('10.0.0.5 is a private address; Quire does not crawl private networks (CRAWL_ALLOW_PRIVATE_NETWORKS).');
      expect(store.reasonOf('/metadata')).toMatch(/^169\.254\.169\.254 is a link-local address/);
      expect(store.reasonOf('/v6')).toMatch(/^::ffff:c0a8:1 is a private address/);
    });

    it('should fail the crawl when the submitted page itself redirects to a private address', async () => {
      routes.set('/robots.txt', (res) => res.writeHead(404).end());
      routes.set('/start', redirectTo('http://[::1]:8080/'));
      await expect(guarded().crawl(`${origin}/start`, new MemoryStore())).rejects.toThrow(
        new CrawlFailedError('::1 is a loopback address; Quire does not crawl private networks (CRAWL_ALLOW_PRIVATE_NETWORKS).'),
      );
    });

    it('should fail when robots.txt redirects to a private address', async () => {
      routes.set('/robots.txt', redirectTo('http://127.0.0.2/robots.txt'));
      await expect(guarded().crawl(`${origin}/`, new MemoryStore())).rejects.toThrow(/^127\.0\.0\.2 is a loopback address/);
    });

    it('should stop following redirects after the cap and skip pages over the size cap', async () => {
      routes.set('/robots.txt', (res) => res.writeHead(404).end());
      routes.set('/', html(`<a href="/loop0">loop</a><a href="/huge">huge</a><a href="/ok">ok</a>`));
      for (let i = 0; i < 10; i++) routes.set(`/loop${i}`, redirectTo(`/loop${i + 1}`));
      routes.set('/huge', html('x'.repeat(CRAWL_LIMITS.maxBodyBytes + 10)));
      routes.set('/ok', html(article('Ok')));
      const store = new MemoryStore();
      await guarded().crawl(`${origin}/`, store);
      expect(store.reasonOf('/loop0')).toBe('more than 5 redirects');
      expect(store.reasonOf('/huge')).toBe('larger than 5 MB');
      expect(store.rows.filter((r) => r.article).map((r) => r.article!.title)).toEqual(['Ok']);
    });

    it('should refuse to crawl when robots.txt answers a server error (RFC 9309)', async () => {
      routes.set('/robots.txt', (res) => res.writeHead(503).end());
      await expect(guarded().crawl(`${origin}/`, new MemoryStore())).rejects.toThrow(
        /robots\.txt of 127\.0\.0\.1:\d+ answered HTTP 503, so the site may not be crawled/,
      );
    });

    it('should honour the page limit while following links', async () => {
      routes.set('/robots.txt', (res) => res.writeHead(404).end());
      routes.set('/', html(Array.from({ length: 20 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('')));
      for (let i = 0; i < 20; i++) routes.set(`/p${i}`, html(article(`Page ${i}`)));
      const store = new MemoryStore(6);
      const outcome = await guarded({ maxPages: 6 }).crawl(`${origin}/`, store);
      expect(outcome).toMatchObject({ limit: 'pages', counts: { found: 6, fetched: 6, articles: 5 } });
    });

    it('should stop an aborted crawl promptly, leaving unfetched pages pending', async () => {
      routes.set('/robots.txt', (res) => res.writeHead(404).end());
      routes.set('/', html(Array.from({ length: 20 }, (_, i) => `<a href="/s${i}">${i}</a>`).join('')));
      for (let i = 0; i < 20; i++) routes.set(`/s${i}`, (res) => setTimeout(() => html(article(`Slow ${i}`))(res), 100));
      const store = new MemoryStore();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 250);
      await expect(guarded().crawl(`${origin}/`, store, controller.signal)).rejects.toThrow();
      expect(store.rows.filter((r) => r.state === 'pending').length).toBeGreaterThan(10);
    });
  });
});
