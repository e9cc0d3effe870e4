import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANTHROPIC_MODELS, ANTHROPIC_TEST_KEY, AnthropicFake } from '../fakes/anthropic-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { startServerProcess, ServerProcess } from '../support/server-process';
import { answerDialogs, post, shot, signIn } from './helpers';
import { expect, Page, test as laneTest } from './lane';

/**
 * A Quire of this spec's own (local sign-in, in-memory database) with OpenAI and Anthropic
 * simulators of its own, in this worker's process: the spec reads what each vendor was asked,
 * and the provider it adds (which cannot be removed while a model is on it) stays out of the
 * lane's database, where Home's specs expect none.
 */
class ProvidersQuire {
  readonly openai = new OpenAiFake();
  readonly anthropic = new AnthropicFake();
  server!: ServerProcess;
  private dataDir = '';

  async start(): Promise<void> {
    await this.openai.start();
    await this.anthropic.start();
    this.dataDir = mkdtempSync(join(tmpdir(), 'quire-browser-providers-'));
    this.server = await startServerProcess({
      AUTH_MODE: 'local',
      DATABASE_URL: 'memory://',
      DATA_DIR: this.dataDir,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OPENAI_BASE_URL: this.openai.baseUrl,
      ANTHROPIC_BASE_URL: this.anthropic.baseUrl,
      NOTION_POLL_SECONDS: '3600',
    });
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    await this.openai.stop();
    await this.anthropic.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** What a simulator answered, by method and path: `POST /v1/messages` and the like. */
  static asked(fake: OpenAiFake | AnthropicFake, method: string, path: string) {
    return fake.requests.filter((r) => r.method === method && r.path === path);
  }
}

/** The lane's `test` with a Quire of the test's own (started before it, stopped after it) as the pages' baseURL. */
const test = laneTest.extend<{ quire: ProvidersQuire }>({
  quire: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const quire = new ProvidersQuire();
      try {
        await quire.start();
        await use(quire);
      } finally {
        await quire.stop();
      }
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ quire }, use) => use(quire.server.url),
});

/** A model holding `count` examples in one house style, made through the API as the wizard adds them. */
async function exampleSet(page: Page, name: string, count: number): Promise<{ _id: string; name: string }> {
  const topics = ['tents', 'boots', 'stoves', 'jackets', 'headlamps', 'backpacks'];
  const model = await post(page.request, '/api/models', { name, base_model: 'gpt-4o-mini' });
  for (let i = 0; i < count; i++) {
    const topic = topics[i % topics.length];
    await post(page.request, `/api/models/${model._id}/add-example`, {
      example: {
        uuid: `providers-${i}`,
        article_uuid: `providers-article-${i}`,
        clusterId: 0,
        messages: [
          { role: 'system', content: 'You write buying guides.' },
          { role: 'user', content: `Introduce the guide to ${topic}.` },
          { role: 'assistant', content: `Good ${topic} make a day outside easier; here is how to choose them.` },
        ],
      },
    });
  }
  return model;
}

type EvaluationAnswer = {
  status: string;
  items: { _id: string; pair: [string, string]; winner: string | null; outputs: Record<string, { text: string }> }[];
  summary: { label: string; outputs: number; wins: number }[];
};

test.describe('Model providers: an Anthropic connection, a section on Claude, an evaluation across two vendors', () => {
  test('a team adds Anthropic, makes a model and a section on claude-sonnet-4-6, evaluates it against an OpenAI model, and cannot remove the provider while it is used', async ({
    page,
    quire,
  }) => {
    // Three screens' journeys and an evaluation run to its end.
    test.setTimeout(180_000);
    await signIn(page);
    await post(page.request, '/api/user', { envVars: { OPENAI_API_KEY: quire.openai.apiKey } });
    const card = page.getByRole('region', { name: 'Model providers' });

    // 1. Home › Model providers: Anthropic added with the simulator's key, named "Claude"; Test lists what the key may use.
    await expect(card.getByText('No other model provider is connected.')).toBeVisible();
    const form = card.getByRole('form', { name: 'Add a model provider' });
    await expect(form.getByRole('combobox', { name: 'Vendor' })).toHaveText('Anthropic');
    await form.getByLabel('Name').fill('Claude');
    await form.getByLabel('API key').fill(ANTHROPIC_TEST_KEY);
    await form.getByRole('button', { name: 'Add provider' }).click();
    const table = card.getByRole('table', { name: 'Connected providers' });
    await expect(table.getByRole('row', { name: /Claude.*Anthropic.*sk-…0000/ })).toBeVisible();
    const actions = table.getByRole('group', { name: 'Actions: Claude' });
    await actions.getByRole('button', { name: 'Test' }).click();
    await expect(card.getByText('Connected: Claude lists 5 models for this key.')).toBeVisible();
    await expect(card.getByLabel('Models Claude lists')).toHaveText(ANTHROPIC_MODELS.map((m) => m.id).join(', '));
    await shot(card, 'providers-1-home-tested');

    // 2. /models/new: Anthropic's models under "Claude (Anthropic)", after OpenAI's, as its listing names them.
    await page.goto('/models/new');
    await page.getByRole('textbox', { name: 'Name' }).fill('Claude voice');
    const baseModel = page.getByRole('combobox', { name: 'Base Model' });
    await expect(baseModel).toHaveText('gpt-4o');
    await baseModel.click();
    const options = page.getByRole('listbox', { name: 'Base Model' }).getByRole('option');
    // MUI's Select gives a subheader the option role too: the provider's is the last, its models after it.
    const heading = options.filter({ hasText: /^Claude \(Anthropic\)$/ });
    await expect(heading).toHaveCount(1);
    const texts = await options.allTextContents();
    const at = texts.indexOf('Claude (Anthropic)');
    expect(at).toBeGreaterThan(texts.indexOf('More models your OpenAI key offers'));
    expect(texts.slice(0, at).filter((text) => /^claude/.test(text))).toEqual([]);
    expect(texts.slice(at + 1)).toEqual(ANTHROPIC_MODELS.map((m) => `${m.id}${m.display_name}`));
    await heading.scrollIntoViewIfNeeded();
    await shot(page, 'providers-2-base-model-list');
    await options.filter({ hasText: /^claude-sonnet-4-6/ }).click();
    await expect(baseModel).toHaveText('claude-sonnet-4-6');
    await expect(page.getByText("Written through Claude (Anthropic). Fine-tuning is OpenAI's only.")).toBeVisible();
    await shot(page, 'providers-2-model-create');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/models$/);
    const claudeRow = page.getByRole('table', { name: 'Models' }).getByRole('row', { name: /^Claude voice/ });
    await expect(claudeRow.getByRole('cell').nth(1)).toHaveText('claude-sonnet-4-6Claude (Anthropic)');
    const models = (await (await page.request.get('/api/models')).json()) as {
      _id: string;
      name: string;
      base_model: string;
      vendor: string;
      connection_name: string;
    }[];
    const claude = models.find((m) => m.name === 'Claude voice')!;
    expect(claude).toMatchObject({ base_model: 'claude-sonnet-4-6', vendor: 'Anthropic', connection_name: 'Claude' });
    await shot(page, 'providers-2-models-list');

    // 3. A section on the Claude model, its option naming the vendor's model and the provider.
    await page.goto('/sections/new');
    await page.getByRole('textbox', { name: 'Name' }).fill('Claude intro');
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'Claude voice (claude-sonnet-4-6 · Claude, Anthropic)', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveText('Claude voice (claude-sonnet-4-6 · Claude, Anthropic)');
    await page.getByRole('textbox', { name: 'System Message' }).fill('You introduce buying guides.');
    await page.getByRole('textbox', { name: 'User Message' }).fill('Introduce {{title}}.');
    await shot(page, 'providers-3-section-create');
    await page.getByRole('button', { name: 'Create Section' }).click();
    await expect(page).toHaveURL(/\/sections$/);
    const sections = (await (await page.request.get('/api/sections')).json()) as { name: string; model: string }[];
    expect(sections.find((s) => s.name === 'Claude intro')).toMatchObject({ model: claude._id });

    // 4. An evaluation of an OpenAI model's examples: one setup on that model, one on Claude shown two examples.
    const set = await exampleSet(page, 'House style', 6);
    await page.goto('/models');
    await page
      .getByRole('table', { name: 'Models' })
      .getByRole('row', { name: /^House style/ })
      .getByRole('link', { name: 'Evaluate' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/evaluations/new\\?model=${set._id}$`));
    await page.getByRole('spinbutton', { name: 'Examples held out' }).fill('2');
    const labels = page.getByRole('textbox', { name: 'Label' });
    const pickers = page.getByRole('combobox', { name: 'Model' });
    const shown = page.getByRole('spinbutton', { name: 'Examples shown' });
    await labels.nth(0).fill('GPT');
    await expect(pickers.nth(0)).toHaveText('House style');
    await labels.nth(1).fill('Claude');
    await pickers.nth(1).click();
    // The picker names the vendor of a provider's model; an OpenAI model by its name alone.
    await expect(page.getByRole('option', { name: 'House style', exact: true })).toBeVisible();
    // OpenAI's models first, then each provider's: Claude's after House style, though its name sorts first.
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.indexOf('House style')).toBeGreaterThanOrEqual(0);
    expect(offered.indexOf('Claude voice (Anthropic)')).toBeGreaterThan(offered.indexOf('House style'));
    await shot(page, 'providers-4-evaluation-model-picker');
    await page.getByRole('option', { name: 'Claude voice (Anthropic)', exact: true }).click();
    await expect(pickers.nth(1)).toHaveText('Claude voice (Anthropic)');
    await shown.nth(1).fill('2');
    const estimate = page.getByRole('region', { name: 'Estimate' });
    await expect(estimate).toContainText('2 examples: 4 chat requests');
    await expect(estimate).toContainText('Claude on claude-sonnet-4-6');
    await shot(page, 'providers-4-evaluation-create');
    const openAiChats = ProvidersQuire.asked(quire.openai, 'POST', '/v1/chat/completions').length;
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    await expect(page).toHaveURL(/\/evaluations\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    // Its end: Completed, or Failed with the vendor's reason beside it.
    const status = page.getByText(/^(Completed|Failed)$/);
    await expect(status).toBeVisible({ timeout: 30_000 });
    await expect(status).toHaveText('Completed');

    // Each pair is one GPT and one Claude output, blind: A and B, no label.
    const judging = page.getByRole('region', { name: 'Judge blind' });
    await expect(judging).toContainText('Example 1 of 2');
    await expect(judging.getByRole('heading', { name: 'Output A' })).toBeVisible();
    await expect(judging.getByRole('heading', { name: 'Output B' })).toBeVisible();
    await expect(judging).toContainText('Written by gpt-4o-mini for: Introduce the guide to');
    await expect(judging).toContainText('Written by claude-sonnet-4-6 for: Introduce the guide to');
    await shot(page, 'providers-4-evaluation-judge');
    await judging.getByRole('button', { name: 'A is better (1)' }).click();
    await expect(judging.getByRole('status')).toHaveText('Example 1 judged: A is better.');
    await expect(judging).toContainText('Example 2 of 2');

    const evaluation = (await (await page.request.get(`/api/evaluations/${id}`)).json()) as EvaluationAnswer;
    for (const item of evaluation.items) {
      expect([...item.pair].sort()).toEqual(['Claude', 'GPT']);
      expect(item.outputs.GPT.text).toMatch(/^Written by gpt-4o-mini for: /);
      expect(item.outputs.Claude.text).toMatch(/^Written by claude-sonnet-4-6 for: /);
    }
    const judged = evaluation.items.find((item) => item.winner !== null)!;
    expect(judged.winner).toBe(judged.pair[0]);

    const summary = page.getByRole('table', { name: 'Summary' });
    await expect(summary.getByRole('row')).toHaveCount(3);
    await expect(summary.getByRole('row', { name: /^GPT / }).getByRole('cell').first()).toHaveText('House style');
    await expect(
      summary
        .getByRole('row', { name: /^Claude / })
        .getByRole('cell')
        .first(),
    ).toHaveText('Claude voice');
    for (const label of ['GPT', 'Claude']) {
      // Outputs, Won and Lost (the setup's label is the row's header): the side judged better won its one pair, the other lost it.
      const cells = summary.getByRole('row', { name: new RegExp(`^${label} `) }).getByRole('cell');
      await expect(cells.nth(2)).toHaveText('2');
      await expect(cells.nth(6)).toHaveText(judged.winner === label ? '1' : '0');
      await expect(cells.nth(7)).toHaveText(judged.winner === label ? '0' : '1');
    }
    await shot(page, 'providers-4-evaluation-summary');

    // Written by the vendor each setup is on: the Claude setup through Anthropic's Messages API, shown
    // its two examples as turns; the GPT setup's requests alone reached OpenAI's chat completions.
    const messages = ProvidersQuire.asked(quire.anthropic, 'POST', '/v1/messages');
    expect(messages).toHaveLength(2);
    for (const request of messages) {
      expect(request.status).toBe(200);
      expect(request.headers['anthropic-version']).toBe('2026-10-21');
      const body = JSON.parse(request.body) as { model: string; system: unknown; messages: { role: string }[] };
      expect(body.model).toBe('claude-sonnet-4-6');
      expect(body.system).toBeTruthy();
      expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    }
    expect(ProvidersQuire.asked(quire.openai, 'POST', '/v1/chat/completions').length - openAiChats).toBe(2);

    // The list of every evaluation names the setup on another model than the evaluated one.
    await page.goto('/evaluations');
    const row = page.getByRole('table', { name: 'Evaluations' }).getByRole('row', { name: /^House style/ });
    await expect(row.getByRole('listitem')).toHaveText(['GPT: 0 examples shown', 'Claude: Claude voice, 2 examples shown']);
    await shot(page, 'providers-4-evaluations-list');

    // 5. The provider is not removed while a model is on it: the refusal names the model and the section writing with it.
    await page.goto('/');
    // OpenAI's shut-down banner speaks only of OpenAI's models: a section on Claude raises none.
    await expect(card).toBeVisible();
    await expect(page.getByText('Models that OpenAI stops')).toBeHidden();
    const asked = answerDialogs(page, [true]);
    await card.getByRole('group', { name: 'Actions: Claude' }).getByRole('button', { name: 'Remove' }).click();
    await expect(
      page.getByText(
        'Could not remove the model provider. Claude cannot be removed while models use it: the models "Claude voice" are on it, and the sections "Claude intro" write with them. Replace them on the Models screen and delete them first.',
      ),
    ).toBeVisible();
    expect(asked).toEqual(['Remove the model provider "Claude"?']);
    await expect(table.getByRole('row', { name: /Claude.*Anthropic/ })).toBeVisible();
    await shot(page, 'providers-5-remove-refused');

    expect(quire.openai.crashes).toEqual([]);
    expect(quire.anthropic.crashes).toEqual([]);
  });
});
