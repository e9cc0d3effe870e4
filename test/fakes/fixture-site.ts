import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { HttpFake, RecordedRequest } from './http-fake';

export interface FixtureSiteOptions {
  /** Delay before every response, like a real server over a real network. */
  latencyMs?: number;
  /** false: sitemap*.xml answer 404 and robots.txt names no sitemap, so a crawler must follow links. */
  sitemap?: boolean;
  /** Adds N synthetic articles /generated/{i}.html, listed by sitemap-generated.xml and /generated/. */
  generatedPages?: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.pdf': 'application/pdf',
};
/** Text files get `{{origin}}` replaced by the server's own address. */
const TEXT_TYPES = new Set(['.html', '.xml', '.txt', '.css']);
/** A post that moved: listed in the sitemap under its old address only. */
const REDIRECTS: Record<string, string> = { '/old-post': '/blog/cast-iron-care.html' };

/** Both from ts (jest) and compiled (dist-fakes/), the fixture folder is found walking up. */
function siteRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'test', 'fixtures', 'site');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`test/fixtures/site not found above ${__dirname}`);
  }
}

/**
 * The fixture website of test/fixtures/site (16 articles, robots.txt, sitemaps, pages a crawler must
 * skip) on loopback, for the API e2e tests, the browser tests and the crawl benchmark.
 */
export class FixtureSite extends HttpFake {
  private readonly root = siteRoot();
  private readonly files = new Map<string, Buffer | null>();

  constructor(private readonly options: FixtureSiteOptions = {}) {
    super((req, res) => this.route(req, res));
  }

  /** How many .html pages were requested (GET or HEAD). */
  pageRequests(): number {
    return this.requests.filter((request) => request.path.endsWith('.html')).length;
  }

  private async route(req: RecordedRequest, res: ServerResponse): Promise<void> {
    if (this.options.latencyMs) await new Promise((done) => setTimeout(done, this.options.latencyMs));
    if (req.method !== 'GET' && req.method !== 'HEAD') return this.send(req, res, 405, '.txt', 'Method not allowed\n', { allow: 'GET, HEAD' });
    const redirect = REDIRECTS[req.path];
    if (redirect) {
      res.writeHead(301, { location: `${this.url}${redirect}`, 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(req.method === 'HEAD' ? undefined : `Moved to ${this.url}${redirect}\n`);
    }
    const withoutSitemaps = this.options.sitemap === false;
    if (withoutSitemaps && /^\/sitemap[^/]*\.xml$/.test(req.path)) return this.notFound(req, res);
    const generated = this.generated(req.path);
    if (generated) return this.send(req, res, 200, generated.type, generated.body);

    const path = req.path.endsWith('/') ? `${req.path}index.html` : req.path;
    let body = this.file(path);
    if (!body) return this.notFound(req, res);
    const type = extname(path);
    if (path === '/robots.txt' && withoutSitemaps) body = Buffer.from(body.toString('utf8').replace(/^Sitemap:.*\n?/gim, ''));
    if (path === '/sitemap.xml' && this.options.generatedPages)
      body = Buffer.from(
        body.toString('utf8').replace('</sitemapindex>', '  <sitemap>\n    <loc>{{origin}}/sitemap-generated.xml</loc>\n  </sitemap>\n</sitemapindex>'),
      );
    if (path === '/index.html' && this.options.generatedPages)
      body = Buffer.from(body.toString('utf8').replace('</main>', '<p><a href="/generated/">More posts from the archive</a></p>\n</main>'));
    return this.send(req, res, 200, type, body);
  }

  private file(path: string): Buffer | null {
    if (!this.files.has(path)) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        return null;
      }
      const file = resolve(this.root, `.${decoded}`);
      const inside = file.startsWith(this.root + sep) && existsSync(file) && statSync(file).isFile();
      this.files.set(path, inside ? readFileSync(file) : null);
    }
    return this.files.get(path) ?? null;
  }

  private generated(path: string): { type: string; body: string } | null {
    const count = this.options.generatedPages ?? 0;
    if (count <= 0) return null;
    if (path === '/sitemap-generated.xml') {
      const urls = Array.from(
        { length: count },
        (_, i) => `  <url>\n    <loc>{{origin}}/generated/${i + 1}.html</loc>\n    <lastmod>${generatedDate(i + 1)}</lastmod>\n  </url>`,
      );
      return {
        type: '.xml',
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      };
    }
    if (path === '/generated/' || path === '/generated/index.html') return { type: '.html', body: generatedIndex(count) };
    const match = /^\/generated\/(\d+)\.html$/.exec(path);
    const index = match ? Number(match[1]) : 0;
    return index >= 1 && index <= count ? { type: '.html', body: generatedArticle(index) } : null;
  }

  private notFound(req: RecordedRequest, res: ServerResponse): void {
    this.send(req, res, 404, '.html', '<!DOCTYPE html><html><head><title>Not found</title></head><body><h1>Page not found</h1></body></html>\n');
  }

  private send(req: RecordedRequest, res: ServerResponse, status: number, type: string, content: string | Buffer, headers: Record<string, string> = {}): void {
    const body = TEXT_TYPES.has(type) ? Buffer.from(content.toString().replaceAll('{{origin}}', this.url)) : Buffer.from(content);
    res.writeHead(status, { 'content-type': CONTENT_TYPES[type] ?? 'application/octet-stream', 'content-length': String(body.length), ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

// ---- generated articles: varied section kinds, dates and date sources, same chrome as the site ----

const TOPICS = [
  'trail running',
  'home espresso',
  'bread baking',
  'balcony gardening',
  'bike maintenance',
  'budget travel',
  'home networking',
  'woodworking',
  'indoor climbing',
  'meal planning',
  'film photography',
  'houseplant care',
];
const TITLES = [
  'The Complete Guide to {t}',
  '{t} for Beginners',
  'Getting Started With {t}',
  '{t}: What We Learned in a Year',
  'Everything You Need to Know About {t}',
];

type Kind = (topic: string, i: number) => string;
const pick = <T>(list: T[], i: number): T => list[i % list.length];
const titleCase = (text: string) => text.replace(/\b\w/g, (letter) => letter.toUpperCase());
const KINDS: Kind[] = [
  (t, i) =>
    `<h2>${pick(['Key Features', 'What to Look For', 'Features at a Glance'], i)}</h2>\n<ul><li>Durable gear that suits ${t}</li><li>A fair price for what you get</li><li>Easy to learn in a weekend</li><li>Plenty of online help when you get stuck</li></ul>`,
  (t, i) =>
    `<h2>${pick([`How to Get Started With ${titleCase(t)}`, 'Step-by-Step Guide', 'How to Do It'], i)}</h2>\n<ol><li>Set a small goal for your first week of ${t}.</li><li>Gather the basic tools and nothing more.</li><li>Practise for twenty minutes at a time.</li><li>Review what worked and adjust the plan.</li></ol>`,
  (t, i) =>
    `<h2>${pick(['Pros and Cons', 'The Good and the Bad', 'Pros &amp; Cons'], i)}</h2>\n<h3>Pros</h3>\n<ul><li>Cheap to start</li><li>Rewarding from the first week</li></ul>\n<h3>Cons</h3>\n<ul><li>Takes patience to get good at ${t}</li><li>Gear adds up over time</li></ul>`,
  (t, i) =>
    `<h2>${pick(['FAQ', 'Frequently Asked Questions', 'Common Questions'], i)}</h2>\n<h3>How long does it take to learn ${t}?</h3>\n<p>Most people feel comfortable after a month of regular practice.</p>\n<h3>Do I need expensive equipment?</h3>\n<p>No. Borrow or rent what you can until you know what you enjoy.</p>`,
  (t, i) =>
    `<h2>${pick(['Tips', 'Pro Tips', `Tips for Better ${titleCase(t)}`], i)}</h2>\n<ul><li>Keep a notebook of what you tried.</li><li>Learn from people a little ahead of you.</li><li>Rest as seriously as you practise.</li></ul>`,
];
const OPENERS = ['Overview', 'Introduction', 'Why It Matters'];
const CLOSERS = ['Conclusion', 'Final Thoughts', 'The Bottom Line', 'Wrapping Up'];

/** Dates spread over January to June 2024. */
function generatedDate(i: number): string {
  return new Date(Date.UTC(2024, 0, 1) + ((i * 37) % 182) * 86_400_000).toISOString().slice(0, 10);
}

function generatedArticle(i: number): string {
  const topic = pick(TOPICS, i);
  const capitalised = topic.charAt(0).toUpperCase() + topic.slice(1);
  const title = `${pick(TITLES, i).replace('{t}', titleCase(topic))} (Part ${i})`;
  const date = generatedDate(i);
  // Three date sources in turn, and every tenth page undated.
  const source = i % 10 === 0 ? 'none' : pick(['meta', 'jsonld', 'time'], i);
  const head =
    source === 'meta'
      ? `<meta property="article:published_time" content="${date}T08:00:00+00:00">`
      : source === 'jsonld'
        ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: title, datePublished: date })}</script>`
        : '';
  const byline =
    source === 'time'
      ? `<p class="byline">By the workshop team &middot; <time datetime="${date}">${date}</time></p>`
      : '<p class="byline">By the workshop team</p>';
  const middle = Array.from({ length: 2 + (i % 4) }, (_, k) => KINDS[(i + k) % KINDS.length](topic, i + k));
  const body = [
    `<p>${capitalised} is one of those hobbies that looks harder from the outside than it is. This guide collects what we wish we had known on day one, from the first purchase to the habits that keep you going.</p>`,
    `<h2>${pick(OPENERS, i)}</h2>\n<p>People come to ${topic} for different reasons: some want a calm weekend ritual, others a new challenge. Either way, a little structure early on saves months of frustration later.</p>`,
    ...middle,
    `<h2>${pick(CLOSERS, i)}</h2>\n<p>Start small, stay curious and enjoy the process. ${capitalised} rewards steady practice far more than expensive gear.</p>`,
  ].join('\n');
  return shell(
    title,
    head,
    `<article class="post">\n<header class="entry-header"><h1>${title}</h1>\n${byline}</header>\n<div class="entry-content">\n${body}\n</div>\n</article>\n<aside class="related-posts"><h2>Related posts</h2><ul><li><a href="/generated/${(i % 3) + 1}.html">More from the archive</a></li></ul></aside>`,
  );
}

function generatedIndex(count: number): string {
  const links = Array.from({ length: count }, (_, i) => `<li><a href="/generated/${i + 1}.html">Archive post ${i + 1}</a></li>`);
  return shell('The archive', '', `<h1>The archive</h1>\n<ul class="archive">\n${links.join('\n')}\n</ul>`);
}

function shell(title: string, head: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title} | The Weekend Workshop</title>${head}</head>
<body>
<div class="cookie-consent" role="dialog"><p>We use cookies to improve your experience and to show personalised ads.</p><button>Accept all cookies</button></div>
<header class="site-header"><a href="/">The Weekend Workshop</a><nav><ul><li><a href="/">Home</a></li><li><a href="/generated/">Archive</a></li><li><a href="/about.html">About us</a></li></ul></nav></header>
<main id="main">
${main}
</main>
<aside class="sidebar"><div class="widget widget-ad"><span>Advertisement</span><p>Upgrade your kitchen with the GrindMaster Pro.</p></div></aside>
<footer class="site-footer"><p>&copy; 2024 The Weekend Workshop. All rights reserved.</p></footer>
</body>
</html>
`;
}
