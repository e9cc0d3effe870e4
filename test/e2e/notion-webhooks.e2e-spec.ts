// Notion's webhooks start a row within seconds; polling stays as the safety net.
// Some tests check several rules of one delivery (the refusals, verification and its reset): each test
// pays for a subscription in the simulator and the generation suite's reset (about 3 s), so a test per
// rule would make the file a fifth slower; the rules of each delivery stay together instead.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { eventually } from '../support/fixtures';
import { generationSuite } from '../support/generation-fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { GenerationService, WEBHOOK_SAFETY_POLL_MS } from '../../backend/src/generation/generation.service';
import type { NotionWebhookSubscription } from '../fakes/notion-webhooks';

describe('Notion webhooks', () => {
  const suite = generationSuite({ GENERATION_CONCURRENCY: '2' });
  const { notion } = suite;
  let base = '';
  let server: Server;

  beforeAll(async () => {
    server = suite.t.http as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  /** The workspace's webhook address on this test's server, and what Home shows of it. */
  async function webhook() {
    const state = (await suite.agent.get('/api/notion-webhook').expect(200)).body;
    return { ...state, local: `${base}${new URL(state.url).pathname}` };
  }

  /** A subscription made in Notion, its token pasted into Notion's Verify dialog. */
  async function subscribed(): Promise<NotionWebhookSubscription> {
    const subscription = await notion.subscribe((await webhook()).local);
    expect((await webhook()).verification_token).toBe(subscription.verificationToken);
    subscription.verified = true;
    return subscription;
  }

  const jobs = async () => (await suite.agent.get('/api/history').expect(200)).body.filter((e: { _type: string }) => e._type === 'generation');
  const pageReads = () => notion.requests.filter((r) => r.method === 'GET' && /^\/v1\/pages\/[^/]+$/.test(r.path)).length;

  it('should take the verification token, show it to owners, and call the webhook verified at its first signed delivery', async () => {
    const before = await webhook();
    expect(before).toMatchObject({ verification_token: null, verification_received: false, verified_at: null, last_delivery_at: null });
    expect(before.url).toMatch(/\/api\/webhooks\/notion\/[0-9a-f]{64}$/);
    const subscription = await subscribed();
    expect((await webhook()).verified_at).toBeNull();
    const page = notion.addRow({ title: 'Not yet', status: 'Not started' });
    await subscription.settled();
    const after = await webhook();
    expect(after.verified_at).not.toBeNull();
    expect(after.last_delivery_at).not.toBeNull();
    expect(subscription.deliveries.map((d) => [d.event.type, d.status])).toEqual([['page.created', 200]]);
    expect(notion.statusOf(page)).toBe('Not started');
    // Verified: a verification request now is refused, until an owner resets the webhook.
    expect(await subscription.sendVerification()).toBe(409);
    expect((await suite.agent.post('/api/notion-webhook/reset').expect(200)).body).toMatchObject({ verification_received: false, verified_at: null });
  });

  it('should start a row set to start by hand within seconds, once, however many times Notion delivers the event', async () => {
    const subscription = await subscribed();
    subscription.duplicateEvery = 1;
    subscription.outOfOrder = true;
    const page = notion.addRow({ title: 'Fast laptops', status: 'Not started', type: 'Guide', extra: { Keyword: 'fast' } });
    const started = Date.now();
    notion.setStatusByHand(page, 'Start Generating');
    await eventually(
      async () => notion.statusOf(page),
      (status) => status !== 'Start Generating' && status !== 'Not started',
      5_000,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    await eventually(jobs, (entries) => entries.length === 1 && entries[0].status === 'completed', 20_000);
    await subscription.settled();
    expect(notion.statusOf(page)).toBe('Posts Generated');
    // Every copy was delivered; Quire's own status writes (by its bot) started nothing more.
    expect(subscription.deliveries.filter((d) => d.status === 200).length).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await jobs()).toHaveLength(1);
  });

  it.each(['2025-09-03', '2026-03-11'])('should start a row from the events of a subscription of API version %s', async (version) => {
    const subscription = await subscribed();
    subscription.apiVersion = version;
    const page = notion.addRow({ title: `Version ${version}`, status: 'Not started', type: 'Guide', extra: { Keyword: version } });
    notion.setStatusByHand(page, 'Start Generating');
    await eventually(jobs, (entries) => entries.length === 1 && entries[0].status === 'completed', 20_000);
    expect(notion.statusOf(page)).toBe('Posts Generated');
    await subscription.settled();
    expect(new Set(subscription.deliveries.map((d) => [d.event.api_version, d.status].join(' ')))).toEqual(new Set([`${version} 200`]));
  });

  it('should refuse the events of another API version, saying what to change, and poll at its own pace meanwhile', async () => {
    const generation = suite.t.app.get(GenerationService);
    const now = Date.now();
    await generation.pollAll(now);
    const subscription = await subscribed();
    subscription.apiVersion = '2022-06-28';
    subscription.retryDelaysMs = [5, 5, 5, 5, 5, 5, 5];
    const page = notion.addRow({ title: 'Old subscription', status: 'Not started', type: 'Guide', extra: { Keyword: 'old' } });
    notion.setStatusByHand(page, 'Start Generating');
    await subscription.settled();
    // Each event refused, and tried again by Notion 8 times in all.
    expect(subscription.deliveries.map((d) => d.status)).toEqual(Array(16).fill(400));
    const { local } = await webhook();
    for (const [body, named] of [
      [{ id: 'e-old', type: 'page.created', api_version: '2022-06-28', entity: { id: page, type: 'page' } }, '2022-06-28'],
      [{ id: 'e-none', type: 'page.created', entity: { id: page, type: 'page' } }, 'no version it can read'],
    ] as const) {
      const raw = JSON.stringify(body);
      const answer = await request(local).post('').set('Content-Type', 'application/json').set('X-Notion-Signature', subscription.sign(raw)).send(raw);
      expect([answer.status, answer.body.message]).toEqual([
        400,
        `Quire reads Notion webhook events of API version 2025-09-03 or 2026-03-11, and this one is of ${named}: give the subscription version 2026-03-11 in the integration's Webhooks tab.`,
      ]);
    }
    expect(suite.t.logger.lines.filter((line) => line.includes('this one is of 2022-06-28'))).toHaveLength(1);
    // Signed with its token, the webhook is verified; but it delivers nothing Quire reads, so the poll does not wait on it.
    expect(await webhook()).toMatchObject({ verified_at: expect.any(String), last_delivery_at: null });
    expect(await jobs()).toHaveLength(0);
    expect(notion.statusOf(page)).toBe('Start Generating');
    // A second later the poll checks again, as it does while no webhook delivers.
    await generation.pollAll(now + 1_000);
    await eventually(jobs, (entries) => entries.length === 1 && entries[0].status === 'completed', 20_000);
    expect(notion.statusOf(page)).toBe('Posts Generated');
  });

  it('should not start a row moved to the trash before Quire read it', async () => {
    const subscription = await subscribed();
    const page = notion.addRow({ title: 'Binned at once', status: 'Not started', type: 'Guide', extra: { Keyword: 'bin' } });
    await subscription.settled();
    await eventually(
      async () => pageReads(),
      (n) => n === 1,
      5_000,
    );
    notion.setStatusByHand(page, 'Start Generating');
    notion.trashByHand(page);
    await subscription.settled();
    // The update was read (the page is in the trash) and started nothing.
    await eventually(
      async () => pageReads(),
      (n) => n === 2,
      5_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(subscription.deliveries.map((d) => [d.event.type, d.status])).toEqual(
      expect.arrayContaining([
        ['page.deleted', 200],
        ['page.properties_updated', 200],
      ]),
    );
    expect(await jobs()).toHaveLength(0);
    expect(notion.statusOf(page)).toBe('Start Generating');
    expect(await suite.checkNow()).toMatchObject({ found: 0, claimed: 0 });
  });

  it('should not read a page for an update that did not touch the status, nor start a row by its bot', async () => {
    const subscription = await subscribed();
    const page = notion.addRow({ title: 'Quiet', status: 'Not started', type: 'Guide' });
    await subscription.settled();
    // The new page is read once (its status is not the start value: nothing starts).
    const reads = await eventually(
      async () => pageReads(),
      (n) => n === 1,
      5_000,
    );
    subscription.propertiesUpdated(
      page,
      ['ty'],
      { id: notion.personId, type: 'person' },
      { id: notion.databaseId, type: 'database', data_source_id: notion.dataSourceId },
    );
    await subscription.settled();
    notion.setStatusByHand(page, 'Start Generating', 'bot');
    await subscription.settled();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pageReads()).toBe(reads);
    expect(await jobs()).toHaveLength(0);
    // The poll, the safety net, still finds it.
    expect(await suite.checkNow()).toMatchObject({ found: 1, claimed: 1 });
  });

  it('should refuse deliveries without the signature, a wrong one, another workspace’s, and bodies it cannot read, changing nothing', async () => {
    const subscription = await subscribed();
    const { local } = await webhook();
    const event = JSON.stringify({
      id: 'e-1',
      type: 'page.created',
      api_version: '2026-03-11',
      entity: { id: 'p-1', type: 'page' },
      authors: [{ id: 'x', type: 'person' }],
      data: {},
    });
    const post = (url: string, body: string, signature?: string) => {
      const req = request(url).post('').set('Content-Type', 'application/json');
      return (signature ? req.set('X-Notion-Signature', signature) : req).send(body);
    };
    expect((await post(local, event)).status).toBe(401);
    expect((await post(local, event, 'sha256=' + '0'.repeat(64))).status).toBe(401);
    expect((await post(local, event, subscription.sign(event + ' '))).status).toBe(401);
    expect((await post(`${base}/api/webhooks/notion/${'f'.repeat(64)}`, event, subscription.sign(event))).status).toBe(404);
    // Another workspace's address, with a delivery signed for this one: refused.
    const theirs = (
      await request(suite.t.http)
        .get('/api/notion-webhook')
        .set('Cookie', await otherOperatorCookie(suite.t))
        .expect(200)
    ).body.url as string;
    expect((await post(`${base}${new URL(theirs).pathname}`, event, subscription.sign(event))).status).toBe(401);
    expect((await post(local, '{"id": ', subscription.sign('{"id": '))).status).toBe(400);
    expect((await post(local, '[1,2]', subscription.sign('[1,2]'))).status).toBe(400);
    const huge = JSON.stringify({ id: 'e-2', type: 'page.created', pad: 'x'.repeat(1_100_000) });
    expect((await post(local, huge, subscription.sign(huge))).status).toBe(413);
    expect((await webhook()).verified_at).toBeNull();
    // Signed, of a type Quire does not know: taken, left alone.
    const unknown = JSON.stringify({ id: 'e-3', type: 'page.teleported', api_version: '2026-03-11', entity: { id: 'p-1', type: 'page' } });
    expect((await post(local, unknown, subscription.sign(unknown))).status).toBe(200);
    expect((await post(local, unknown, subscription.sign(unknown))).status).toBe(200);
    expect(suite.t.logger.lines.filter((line) => line.includes('page.teleported'))).toHaveLength(1);
    expect(await jobs()).toHaveLength(0);
  });

  it('should deliver through Notion’s retries when the endpoint refused the first attempts', async () => {
    const subscription = await subscribed();
    // Quire forgets the token (reset): deliveries are refused (401) and Notion retries them.
    await suite.agent.post('/api/notion-webhook/reset').expect(200);
    const page = notion.addRow({ title: 'Retried', status: 'Not started', type: 'Guide', extra: { Keyword: 'retries' } });
    notion.setStatusByHand(page, 'Start Generating');
    await eventually(
      async () => subscription.deliveries.filter((d) => d.status === 401).length,
      (refused) => refused >= 2,
      5_000,
    );
    await subscription.sendVerification();
    await eventually(
      async () => notion.statusOf(page),
      (status) => status === 'Generating...' || status === 'Posts Generated',
      10_000,
    );
    expect(subscription.deliveries.some((d) => d.status === 200 && d.attempt > 1)).toBe(true);
  });

  it('should poll a workspace whose webhook is live only every 10 minutes, and every check otherwise', async () => {
    const generation = suite.t.app.get(GenerationService);
    const queries = () => notion.requests.filter((r) => r.method === 'POST' && /^\/v1\/data_sources\/[^/]+\/query$/.test(r.path)).length;
    const now = Date.now();
    await generation.pollAll(now);
    const first = queries();
    await generation.pollAll(now + 1_000);
    expect(queries()).toBeGreaterThan(first);
    const subscription = await subscribed();
    notion.addRow({ title: 'Delivered', status: 'Not started' });
    await subscription.settled();
    const live = queries();
    await generation.pollAll(now + 2_000);
    await generation.pollAll(now + 3_000);
    expect(queries()).toBe(live);
    await generation.pollAll(now + 2_000 + WEBHOOK_SAFETY_POLL_MS);
    expect(queries()).toBeGreaterThan(live);
  });
});
