import { sql } from 'drizzle-orm';
import request from 'supertest';
import { GenerationService } from '../../backend/src/generation/generation.service';
import { eventually } from '../support/fixtures';
import { generationSuite, HistoryEntry } from '../support/generation-fixtures';

type Json = Record<string, any>;
const METRICS = 'budgets-metrics-token';

/** Monthly limits of a workspace and its clients, held by the Notion rows written on the simulators. */
describe('Budgets: monthly limits that hold', () => {
  const suite = generationSuite({ GENERATION_RETRY_SECONDS: '1', BULK_POLL_MS: '100', METRICS_TOKEN: METRICS });
  const { notion, checkNow, history } = suite;

  /** n rows of the template at "Start Generating", for a client when named. */
  const rows = (n: number, prefix: string, client?: string) =>
    Array.from({ length: n }, (_, i) =>
      notion.addRow({ title: `${prefix} ${i + 1}`, status: 'Start Generating', type: 'Guide', client, extra: { Keyword: `k${i}` } }),
    );
  const budgets = async () => (await suite.agent.get('/api/budgets').expect(200)).body as Json[];
  /**
   * The limits once `waiting` articles wait on the first: an article's end wakes the waiting ones to
   * try again, and for a moment one that still does not fit is running, not waiting.
   */
  const settledBudgets = (waiting: number) => eventually(budgets, (list) => list[0]?.waiting === waiting, 20_000);
  const waitingMessage = (entry: HistoryEntry) => entry.status === 'queued' && /^Waiting: /.test(entry.message ?? '');
  /** History once its n entries have each completed or wait for a budget. */
  const still = (n: number) =>
    eventually(history, (entries) => entries.length === n && entries.every((e) => e.status === 'completed' || waitingMessage(e)), 60_000);
  const allCompleted = (n: number) => eventually(history, (entries) => entries.length === n && entries.every((e) => e.status === 'completed'), 60_000);
  /** One article written with no limit, so that the estimate knows what the model writes; answers the template's estimate then. */
  const firstArticle = async () => {
    rows(1, 'First');
    await checkNow();
    await allCompleted(1);
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body as Json[];
    return (await suite.agent.get(`/api/articles/${article._id}/estimate`).expect(200)).body as Json;
  };

  it('holds the workspace to its limit: the rows beyond it wait, saying why, and start when the limit is raised', async () => {
    const estimate = await firstArticle();
    expect(estimate.cost_usd).toBeGreaterThan(0);
    expect(estimate.sections).toHaveLength(3);
    const workspace = (await suite.agent.post('/api/budgets').send({ monthly_limit_usd: 1 }).expect(201)).body;
    const spentBefore = workspace.spent_usd;
    const limit = Number((spentBefore + 5.5 * estimate.cost_usd).toFixed(4));
    await suite.agent.put(`/api/budgets/${workspace._id}`).send({ monthly_limit_usd: limit }).expect(200);

    const pages = rows(20, 'Laptop');
    await checkNow();
    const entries = await still(21);
    const waiting = entries.filter(waitingMessage);
    expect(entries.length - waiting.length).toBeGreaterThanOrEqual(1 + 5);
    expect(waiting.length).toBeGreaterThan(0);
    const month = new Date().toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(waiting[0].message).toMatch(
      new RegExp(
        `^Waiting: the workspace's budget for ${month} has \\$\\d+\\.\\d+ left and this article needs about \\$\\d+\\.\\d+\\. It starts by itself when the limit is raised or the month turns\\.$`,
      ),
    );
    // A waiting row stays in progress in Notion, as the spec's workflow has it.
    expect(pages.map((id) => notion.statusOf(id)).filter((s) => s === 'Generating...').length).toBe(waiting.length);
    // Never past the limit by more than one section's estimate.
    const [held] = await settledBudgets(waiting.length);
    expect(held.spent_usd).toBeLessThanOrEqual(limit + estimate.sections[0].cost_usd);
    expect(held).toMatchObject({ monthly_limit_usd: limit, held_usd: 0, waiting: waiting.length, client_id: null });
    // Warned of once a share, the highest last: in the audit log, by Quire.
    const warnings = (
      await suite.agent
        .get('/api/audit')
        .query({ filter: JSON.stringify({ resource: 'budgets' }) })
        .expect(200)
    ).body as Json[];
    const percents = warnings
      .filter((e) => e.action === 'warn')
      .reverse()
      .map((e) => e.changes.percent?.after);
    expect(percents.length).toBeGreaterThan(0);
    expect(percents).toEqual([...new Set(percents)].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(held.spent_usd >= limit ? 100 : 80);
    expect(warnings.find((e) => e.action === 'warn')).toMatchObject({ user_name: 'Quire', record_id: workspace._id });
    // Prometheus reads the limit and the month's spend.
    const metrics = (await request(suite.t.http).get('/api/metrics').set('Authorization', `Bearer ${METRICS}`).expect(200)).text;
    const gauge = (name: string) => Number(new RegExp(`^${name}\\{workspace="[^"]+",client="",template=""\\} (\\S+)$`, 'm').exec(metrics)?.[1]);
    expect(gauge('quire_budget_limit_usd')).toBe(limit);
    expect(gauge('quire_budget_spent_usd')).toBeCloseTo(held.spent_usd, 6);

    await suite.agent.put(`/api/budgets/${workspace._id}`).send({ monthly_limit_usd: 1 }).expect(200);
    await allCompleted(21);
    expect(pages.map((id) => notion.statusOf(id))).toEqual(Array(20).fill('Posts Generated'));
  });

  it("holds a client's rows to the client's limit and leaves the other rows alone; removing the limit starts them", async () => {
    const clients = (await suite.agent.get('/api/clients').expect(200)).body as Json[];
    const acme = clients.find((c) => c.name === 'Acme')!;
    const budget = (await suite.agent.post('/api/budgets').send({ client_id: acme._id, monthly_limit_usd: 0.0001 }).expect(201)).body;
    expect(budget).toMatchObject({ client_id: acme._id, client_name: 'Acme', spent_usd: 0, held_usd: 0, waiting: 0 });
    const acmeRows = rows(2, 'Acme laptop', 'Acme');
    const others = rows(2, 'Other laptop');
    await checkNow();
    const entries = await still(4);
    const waiting = entries.filter(waitingMessage);
    expect(waiting.map((e) => e.title).sort()).toEqual(['Acme laptop 1', 'Acme laptop 2']);
    expect(waiting[0].message).toMatch(
      /^Waiting: this article needs about \$\d+\.\d+, more than the client's budget of \$0\.0001 a month; raise the limit to write it\.$/,
    );
    expect(others.map((id) => notion.statusOf(id))).toEqual(['Posts Generated', 'Posts Generated']);
    expect(acmeRows.map((id) => notion.statusOf(id))).toEqual(['Generating...', 'Generating...']);
    expect((await settledBudgets(2))[0]).toMatchObject({ client_name: 'Acme', waiting: 2, spent_usd: 0 });

    await suite.agent.delete(`/api/budgets/${budget._id}`).expect(200);
    await allCompleted(4);
  });

  it("holds a template's rows to the template's limit, whatever their client, and leaves another template's rows alone", async () => {
    const [guide] = (await suite.agent.get('/api/articles').expect(200)).body as Json[];
    const sections = (guide.sections as Json[]).map(({ section_version: _version, latest_version: _latest, ...entry }) => entry);
    await suite.agent.post('/api/articles').send({ article_title: 'Review guide', article_type: 'Review', sections }).expect(201);
    const acme = ((await suite.agent.get('/api/clients').expect(200)).body as Json[]).find((c) => c.name === 'Acme')!;
    const both = await suite.agent.post('/api/budgets').send({ client_id: acme._id, article_id: guide._id, monthly_limit_usd: 1 }).expect(400);
    expect(both.body.message).toBe('Set a limit for a client or for a template, not both at once.');
    const budget = (await suite.agent.post('/api/budgets').send({ article_id: guide._id, monthly_limit_usd: 0.0001 }).expect(201)).body;
    expect(budget).toMatchObject({ article_id: guide._id, article_name: 'Laptop guide', client_id: null, client_name: null, waiting: 0 });
    const again = await suite.agent.post('/api/budgets').send({ article_id: guide._id, monthly_limit_usd: 2 }).expect(409);
    expect(again.body.message).toBe('This template has a monthly limit already; change it instead.');

    rows(2, 'Guide laptop', 'Acme');
    const reviews = [1, 2].map((i) => notion.addRow({ title: `Review laptop ${i}`, status: 'Start Generating', type: 'Review', extra: { Keyword: 'k' } }));
    await checkNow();
    const waiting = (await still(4)).filter(waitingMessage);
    expect(waiting.map((e) => e.title).sort()).toEqual(['Guide laptop 1', 'Guide laptop 2']);
    expect(waiting[0].message).toMatch(
      /^Waiting: this article needs about \$\d+\.\d+, more than the template's budget of \$0\.0001 a month; raise the limit to write it\.$/,
    );
    expect(reviews.map((id) => notion.statusOf(id))).toEqual(['Posts Generated', 'Posts Generated']);
    expect((await settledBudgets(2))[0]).toMatchObject({ article_name: 'Laptop guide', waiting: 2, spent_usd: 0 });

    // Raised: the template's rows are written, and what they cost is the template's month's spend (the reviews' is not).
    await suite.agent.put(`/api/budgets/${budget._id}`).send({ monthly_limit_usd: 1 }).expect(200);
    const entries = await allCompleted(4);
    const costOf = async (title: string) =>
      ((await suite.agent.get(`/api/history/${entries.find((e) => e.title === title)!._id}`).expect(200)).body.sections as Json[]).reduce(
        (sum, section) => sum + section.cost_usd,
        0,
      );
    const [after] = await budgets();
    expect(after.spent_usd).toBeCloseTo((await costOf('Guide laptop 1')) + (await costOf('Guide laptop 2')), 5);
  });

  it("holds a bulk template's rows to the limit at the batch price, and starts the rest when the limit is raised", async () => {
    const full = await firstArticle();
    const [listed] = (await suite.agent.get('/api/articles').expect(200)).body as Json[];
    await suite.agent.put(`/api/articles/${listed._id}`).send({ bulk: true }).expect(200);
    const estimate = (await suite.agent.get(`/api/articles/${listed._id}/estimate`).expect(200)).body as Json;
    // OpenAI's batches are at half price, and so is the reservation.
    expect(estimate.cost_usd).toBeCloseTo(full.cost_usd / 2, 6);
    const workspace = (await suite.agent.post('/api/budgets').send({ monthly_limit_usd: 1 }).expect(201)).body;
    const limit = Number((workspace.spent_usd + 2.5 * estimate.cost_usd).toFixed(6));
    await suite.agent.put(`/api/budgets/${workspace._id}`).send({ monthly_limit_usd: limit }).expect(200);

    rows(5, 'Bulk laptop');
    await checkNow();
    const entries = await still(6);
    const waiting = entries.filter(waitingMessage);
    expect(entries.length - waiting.length).toBeGreaterThanOrEqual(1 + 2);
    expect(waiting.length).toBeGreaterThan(0);
    const [held] = await settledBudgets(waiting.length);
    expect(held.spent_usd).toBeLessThanOrEqual(limit + estimate.sections[0].cost_usd);
    const sections = (await suite.agent.get(`/api/history/${entries.find((e) => e.status === 'completed' && e.title.startsWith('Bulk'))!._id}`).expect(200))
      .body.sections as Json[];
    expect(sections.every((section) => section.batch)).toBe(true);

    await suite.agent.put(`/api/budgets/${workspace._id}`).send({ monthly_limit_usd: 1 }).expect(200);
    await allCompleted(6);
  });

  it('says what the rows at the start value would cost before a check takes them, and nothing once it has', async () => {
    const template = await firstArticle();
    const costed = rows(2, 'Costed');
    notion.addRow({ title: 'No template', status: 'Start Generating', type: 'Nothing like it', extra: { Keyword: 'k' } });
    const estimate = (await suite.agent.get('/api/generation/estimate').expect(200)).body as Json;
    expect(estimate).toMatchObject({ start_value: 'Start Generating', rows: 3, unpriced: 0, without_template: 1 });
    // Each row as it reserves: the template's estimate with the row's own title and keyword in its prompts.
    expect(estimate.cost_usd).toBeGreaterThan(1.5 * template.cost_usd);
    expect(estimate.cost_usd).toBeLessThan(2.5 * template.cost_usd);
    // Nothing was claimed.
    expect(costed.map((id) => notion.statusOf(id))).toEqual(['Start Generating', 'Start Generating']);

    await checkNow();
    expect((await suite.agent.get('/api/generation/estimate').expect(200)).body).toMatchObject({ rows: 0, cost_usd: 0 });
    // With no Notion secret there is nothing to read: said as the check says it.
    await suite.agent
      .post('/api/user')
      .send({ envVars: { NOTION_SECRET: '' } })
      .expect(200);
    const unset = await suite.agent.get('/api/generation/estimate').expect(409);
    expect(unset.body.message).toMatch(/Notion/);
  });

  it('starts a waiting row by itself when the month turns', async () => {
    const estimate = await firstArticle();
    const workspace = (await suite.agent.post('/api/budgets').send({ monthly_limit_usd: 1 }).expect(201)).body;
    await suite.agent
      .put(`/api/budgets/${workspace._id}`)
      .send({ monthly_limit_usd: Number((workspace.spent_usd + 0.5 * estimate.cost_usd).toFixed(6)) })
      .expect(200);
    const [page] = rows(1, 'Next month');
    await checkNow();
    await still(2);
    expect(notion.statusOf(page)).toBe('Generating...');

    // The month turns: what was written is last month's, and the row's wait (until the 1st) is over.
    const db = suite.t.database.db;
    await db.execute(sql`update generation_spend set month = to_char((now() - interval '32 days') at time zone 'utc', 'YYYY-MM')`);
    await db.execute(sql`update generation_jobs set lease_until = now() - interval '1 second' where budget_waiting`);
    await suite.t.app.get(GenerationService).recover();
    await allCompleted(2);
    expect(notion.statusOf(page)).toBe('Posts Generated');
  });

  it('refuses a limit that is not a positive number of dollars, a client of another workspace, and a second limit for the same client', async () => {
    for (const monthly_limit_usd of [0, -1, 'ten', 2_000_000, null]) {
      await suite.agent.post('/api/budgets').send({ monthly_limit_usd }).expect(400);
    }
    await suite.agent.post('/api/budgets').send({ client_id: '6c0a3c3e-1d1f-4c36-9a77-1f0a0f6f9b10', monthly_limit_usd: 5 }).expect(400);
    await suite.agent.post('/api/budgets').send({ monthly_limit_usd: 5 }).expect(201);
    const again = await suite.agent.post('/api/budgets').send({ client_id: null, monthly_limit_usd: 6 }).expect(409);
    expect(again.body.message).toBe('The workspace has a monthly limit already; change it instead.');
    expect((await budgets()).map((b) => b.monthly_limit_usd)).toEqual([5]);
  });
});
