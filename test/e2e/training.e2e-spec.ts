import request from 'supertest';
import { TrainingPagesRepository } from '../../backend/src/training-jobs/training-pages.repository';
import { FixtureSite } from '../fakes/fixture-site';
import { OpenAiFake } from '../fakes/openai-fake';
import { createModel, eventually } from '../support/fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';
import { SITE_ARTICLES, SITE_PAGES_FOUND, SITE_SKIPPED, SITE_SUMMARY } from '../support/training-fixtures';

interface Item {
  published_date: string | null;
  heading: string;
  originalHeading: string;
  children: { type: string; text?: string; items?: string[] }[];
  uuid: string;
  article_uuid: string;
}
interface Snapshot {
  _id: string;
  jobId: string;
  data: { sections: { clusters: Item[][]; subClusters: number[][][] }; h1sAndIntros: { clusters: Item[][]; subClusters: number[][][] } };
}

describe('Training data collection', () => {
  const site = new FixtureSite();
  const openai = new OpenAiFake();
  const t = useTestApp({
    fakes: [site, openai],
    env: () => ({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true', CRAWL_HOST_DELAY_MS: '0', CRAWL_HOST_CONCURRENCY: '4', OPENAI_BASE_URL: openai.baseUrl }),
    signIn: 'local',
  });
  beforeEach(() => {
    site.requests.length = 0;
    t.config.crawlMaxPages = 500;
    t.config.crawlAllowPrivateNetworks = true;
  });

  const jobOf = async (id: string) => (await t.agent.get(`/api/training-jobs/${id}`).expect(200)).body;
  const finished = (id: string) =>
    eventually(
      () => jobOf(id),
      (job) => job.status === 'completed' || job.status === 'failed',
      30_000,
    );
  const submit = async (url: string, extra: Record<string, unknown> = {}) =>
    (
      await t.agent
        .post('/api/training-jobs/submit-url')
        .send({ url, ...extra })
        .expect(201)
    ).body;
  const snapshotsOf = async (query: Record<string, string>) => (await t.agent.get('/api/training-snapshots').query(query).expect(200)).body as Snapshot[];
  const allItems = (pool: { clusters: Item[][] }) => pool.clusters.flat();

  it.each([
    [{ url: '' }, 'url is required'],
    [{ url: '   ' }, 'url is required'],
    [{ url: 'example.com' }, 'url must be a full web address such as https://example.com/blog/'],
    [{ url: 'ftp://example.com/' }, 'url must start with http:// or https://'],
    [{ url: 'https://user:secret@example.com/' }, 'url must not contain a user name or password'],
    [{ url: 'https://example.com/', depth: 3 }, 'property depth should not exist'],
    [{ url: 'https://example.com/', clustering: 'magic' }, 'clustering must be text or embeddings'],
  ])('should refuse %j with 400 and create nothing', async (body, message) => {
    const res = await t.agent.post('/api/training-jobs/submit-url').send(body).expect(400);
    expect(res.body.message).toBe(message);
    expect((await t.agent.get('/api/training-jobs').expect(200)).body).toEqual([]);
  });

  it('should crawl the site through its sitemaps, obey robots.txt, and cluster what it parsed', async () => {
    const submitted = await submit(`${site.url}/`);
    expect(submitted).toMatchObject({ _type: 'training', status: 'queued', url: `${site.url}/`, completedAt: null });
    expect(submitted.meta.viewUrl).toBe(`/training/view/${submitted._id}`);

    const job = await finished(submitted._id);
    expect(job).toMatchObject({ status: 'completed', message: SITE_SUMMARY });
    expect(job.meta.progress).toEqual({ found: SITE_PAGES_FOUND, fetched: SITE_PAGES_FOUND, articles: SITE_ARTICLES.length, sections: expect.any(Number) });
    expect(job.meta.discovery).toBe('sitemap');
    expect(job.meta.rawMeta).toMatchObject({ uuid: job._id, url: `${site.url}/` });
    expect(new Date(job.startedAt).getTime()).toBeLessThanOrEqual(new Date(job.completedAt).getTime());

    // robots.txt: the disallowed page is never requested; the sitemap's other skips are explained.
    expect(site.requests.some((r) => r.path.startsWith('/private/'))).toBe(false);
    const reasons = await t.app.get(TrainingPagesRepository).skipReasons(job._id, 20);
    for (const [reason, pages] of SITE_SKIPPED) expect(reasons).toContainEqual({ reason: expect.stringMatching(reason), pages });

    const [snapshot] = await snapshotsOf({ jobId: job._id });
    const sections = allItems(snapshot.data.sections);
    const intros = allItems(snapshot.data.h1sAndIntros);
    expect(intros.map((i) => i.originalHeading).sort()).toEqual(SITE_ARTICLES.map((a) => a.title).sort());
    expect(sections).toHaveLength(job.meta.progress.sections);
    expect(job.meta.counts.sections.clusters).toBe(snapshot.data.sections.clusters.length);
    expect(job.meta.counts.sections.subClusters).toBe(snapshot.data.sections.subClusters.flat().length);
    expect(job.meta.clusterSizes.sections).toEqual(snapshot.data.sections.clusters.map((c) => c.length));
    // Sub-clusters cover each cluster's positions exactly once.
    snapshot.data.sections.clusters.forEach((items, c) => {
      expect(snapshot.data.sections.subClusters[c].flat().sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
    });

    // Navigation, ads, cookie banners and footers never become sections. (The About page's own
    // paragraph on cookies is its text, so the banner is recognised by its own words.)
    const text = JSON.stringify(snapshot.data);
    for (const noise of ['Advertisement', 'Sponsored', 'Accept all cookies', 'to improve your experience', 'All rights reserved'])
      expect(text).not.toContain(noise);

    // Each article's published date comes from its meta tags, JSON-LD or <time>.
    for (const article of SITE_ARTICLES) {
      const intro = intros.find((i) => i.originalHeading === article.title)!;
      expect(intro.published_date).toBe(article.date);
    }

    // Sections of one kind land in one cluster whatever their wording, and kinds apart.
    const clusterOf = (item: Item) => snapshot.data.sections.clusters.findIndex((c) => c.some((i) => i.uuid === item.uuid));
    const clustersOf = (pattern: RegExp) => new Set(sections.filter((s) => pattern.test(s.heading)).map(clusterOf));
    const faq = clustersOf(/^(faqs?|frequently asked questions|common questions|troubleshooting faq)$/);
    const conclusion = clustersOf(/^(conclusion|final thoughts|the bottom line|wrapping up|verdict)$/);
    const howTo = clustersOf(/^how to (feed|season|dial|care|book|read|write)/);
    expect([faq.size, conclusion.size, howTo.size]).toEqual([1, 1, 1]);
    expect(new Set([...faq, ...conclusion, ...howTo]).size).toBe(3);

    // The list shows the job; History too.
    const list = await t.agent.get('/api/training-jobs').expect(200);
    expect(list.body.map((j: { _id: string }) => j._id)).toEqual([job._id]);
    const history = await t.agent.get('/api/history').expect(200);
    expect(history.body.some((h: { _id: string }) => h._id === job._id)).toBe(true);
  });

  it('should give the same ids and clusters when the same site is collected again', async () => {
    const first = await finished((await submit(`${site.url}/`))._id);
    const second = await finished((await submit(`${site.url}/sitemap.xml`))._id);
    const [a] = await snapshotsOf({ jobId: first._id });
    const [b] = await snapshotsOf({ jobId: second._id });
    const shape = (s: Snapshot) => s.data.sections.clusters.map((c) => c.map((i) => i.uuid));
    expect(shape(b)).toEqual(shape(a));
    expect(b.data.sections.subClusters).toEqual(a.data.sections.subClusters);
    const list = await t.agent.get('/api/training-jobs').expect(200);
    expect(list.body.map((j: { _id: string }) => j._id)).toEqual([second._id, first._id]);
  });

  it('should filter snapshot items by published date, inclusive, keeping cluster ids', async () => {
    const job = await finished((await submit(`${site.url}/`))._id);
    const [all] = await snapshotsOf({ jobId: job._id });
    const [march] = await snapshotsOf({ jobId: job._id, start: '2024-03-01', end: '2024-03-31' });
    expect(march.data.sections.clusters).toHaveLength(all.data.sections.clusters.length);
    const expected = allItems(all.data.sections).filter((i) => i.published_date && i.published_date >= '2024-03-01' && i.published_date <= '2024-03-31');
    expect(expected.length).toBeGreaterThan(0);
    expect(
      allItems(march.data.sections)
        .map((i) => i.uuid)
        .sort(),
    ).toEqual(expected.map((i) => i.uuid).sort());
    march.data.sections.clusters.forEach((items, c) => {
      expect(items.every((i) => all.data.sections.clusters[c].some((j) => j.uuid === i.uuid))).toBe(true);
      expect(march.data.sections.subClusters[c].flat().sort((x, y) => x - y)).toEqual(items.map((_, i) => i));
    });

    // Inclusive at both ends: a one-day range on an article's date keeps that article's sections.
    const dated = SITE_ARTICLES.find((a) => a.date)!;
    const [oneDay] = await snapshotsOf({ start: dated.date!, end: `${dated.date}T23:59:59Z` });
    expect(allItems(oneDay.data.h1sAndIntros).map((i) => i.originalHeading)).toContain(dated.title);
    // Undated sections appear only without a range.
    const undated = allItems(all.data.sections).filter((i) => i.published_date === null);
    expect(undated.length).toBeGreaterThan(0);
    const [wide] = await snapshotsOf({ start: '1990-01-01', end: '2100-01-01' });
    expect(allItems(wide.data.sections)).toHaveLength(allItems(all.data.sections).length - undated.length);

    for (const [query, message] of [
      [{ start: '2024-02-30' }, 'start must be a date (yyyy-MM-dd)'],
      [{ end: 'March' }, 'end must be a date (yyyy-MM-dd)'],
      [{ start: '2024-05-01', end: '2024-04-01' }, 'start must not be after end'],
      [{ jobId: 'nope' }, 'jobId must be a training job id'],
    ] as const) {
      expect((await t.agent.get('/api/training-snapshots').query(query).expect(400)).body.message).toBe(message);
    }
  });

  it('should follow same-site links when the site has no sitemap', async () => {
    const plain = await new FixtureSite({ sitemap: false }).start();
    try {
      const job = await finished((await submit(`${plain.url}/`))._id);
      expect(job.status).toBe('completed');
      expect(job.meta.discovery).toBe('links');
      expect(job.meta.progress.articles).toBe(SITE_ARTICLES.length);
      expect(plain.requests.some((r) => r.path.startsWith('/private/'))).toBe(false);
    } finally {
      await plain.stop();
    }
  });

  it('should stop at CRAWL_MAX_PAGES and say so', async () => {
    t.config.crawlMaxPages = 5;
    const job = await finished((await submit(`${site.url}/`))._id);
    expect(job.status).toBe('completed');
    expect(job.message).toBe('Stopped at CRAWL_MAX_PAGES (5 pages). 5 pages gave sections, 0 intro only, 0 nothing.');
    expect(job.meta.progress.found).toBe(5);
  });

  it('should fail with the reason when nothing on the site is an article', async () => {
    // The submitted URL's folder limits the crawl: /files/ holds only a PDF.
    const job = await finished((await submit(`${site.url}/files/brochure.pdf`))._id);
    expect(job.status).toBe('failed');
    expect(job.message).toBe('No articles found on 1 page(s): 1 × not HTML (application/pdf).');
  });

  describe('with private networks refused (the default)', () => {
    beforeEach(() => {
      t.config.crawlAllowPrivateNetworks = false;
    });

    it.each([
      ['loopback', () => `${site.url}/`, /^127\.0\.0\.1 is a loopback address; Quire does not crawl private networks \(CRAWL_ALLOW_PRIVATE_NETWORKS\)\.$/],
      ['a name resolving to loopback', () => site.url.replace('127.0.0.1', 'localhost') + '/', /^localhost \((127\.0\.0\.1|::1)\) is a loopback address/],
      ['10/8', () => 'http://10.1.2.3/', /^10\.1\.2\.3 is a private address/],
      ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/', /^169\.254\.169\.254 is a link-local address \(cloud metadata lives here\)/],
      ['IPv6 loopback', () => 'http://[::1]:9/', /^::1 is a loopback address/],
      ['IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/', /^::ffff:7f00:1 is a loopback address/],
      ['decimal loopback', () => 'http://2130706433/', /^127\.0\.0\.1 is a loopback address/],
    ])('should refuse %s with a clear job message', async (_name, url, message) => {
      const job = await finished((await submit(url()))._id);
      expect(job.status).toBe('failed');
      expect(job.message).toMatch(message);
      expect(site.requests).toHaveLength(0);
    });
  });

  it('should cluster with OpenAI embeddings when asked and the key is saved', async () => {
    await t.agent
      .post('/api/training-jobs/submit-url')
      .send({ url: `${site.url}/`, clustering: 'embeddings' })
      .expect(409);
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
    const job = await finished((await submit(`${site.url}/`, { clustering: 'embeddings' }))._id);
    expect(job).toMatchObject({ status: 'completed', message: SITE_SUMMARY });
    expect(openai.embeddedInputs).toBe(job.meta.progress.articles + job.meta.progress.sections);
    const [snapshot] = await snapshotsOf({ jobId: job._id });
    expect(allItems(snapshot.data.sections)).toHaveLength(job.meta.progress.sections);
  });

  it('should turn chosen sections into examples of a model, as the wizard does', async () => {
    const job = await finished((await submit(`${site.url}/`))._id);
    const [snapshot] = await snapshotsOf({ jobId: job._id, start: '2024-01-01', end: '2024-12-31' });
    const clusterId = snapshot.data.sections.clusters.findIndex((c) => c.length > 1);
    const [first, second] = snapshot.data.sections.clusters[clusterId];
    const modelId = await createModel(t.agent, 'Site voice');
    const exampleOf = (item: Item, answer: string) => ({
      messages: [
        { role: 'system', content: 'You write sections like this site.' },
        { role: 'user', content: `Write the section "${item.originalHeading}".` },
        { role: 'assistant', content: answer },
      ],
      clusterId,
      uuid: item.uuid,
      article_uuid: item.article_uuid,
    });
    await t.agent
      .post(`/api/models/${modelId}/add-example`)
      .send({ example: exampleOf(first, 'First.') })
      .expect(201);
    await t.agent
      .post(`/api/models/${modelId}/add-example`)
      .send({ example: exampleOf(second, 'Second.') })
      .expect(201);
    await t.agent
      .post(`/api/models/${modelId}/add-example`)
      .send({ example: exampleOf(first, 'Again.') })
      .expect(409);
    await t.agent
      .post(`/api/models/${modelId}/add-example`)
      .send({ example: exampleOf(first, 'Edited.'), replace: true })
      .expect(201);
    let model = (await t.agent.get(`/api/models/${modelId}`).expect(200)).body;
    expect(model.examples.map((e: { uuid: string; messages: { content: string }[] }) => [e.uuid, e.messages[2].content])).toEqual([
      [first.uuid, 'Edited.'],
      [second.uuid, 'Second.'],
    ]);
    await t.agent.delete(`/api/models/${modelId}/remove-example`).send({ uuid: second.uuid }).expect(200);
    await t.agent.delete(`/api/models/${modelId}/remove-example`).send({ uuid: second.uuid }).expect(404);
    model = (await t.agent.get(`/api/models/${modelId}`).expect(200)).body;
    expect(model.examples.map((e: { uuid: string }) => e.uuid)).toEqual([first.uuid]);
  });

  it("should keep one operator's jobs and snapshots from another", async () => {
    const job = await finished((await submit(`${site.url}/`))._id);
    const grace = request.agent(t.http).set('Cookie', await otherOperatorCookie(t));
    await grace.get(`/api/training-jobs/${job._id}`).expect(404);
    expect((await grace.get('/api/training-jobs').expect(200)).body).toEqual([]);
    expect((await grace.get('/api/training-snapshots').expect(200)).body).toEqual([]);
    expect((await grace.get('/api/training-snapshots').query({ jobId: job._id }).expect(200)).body).toEqual([]);
  });
});
