import { scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { IntegrationError } from '../common/integration-error';
import { GenerationError } from '../generation/generation-error';
import { NotionSettingsReader } from '../generation/notion-settings';
import { NotionClient, PropertyShape, StatusProperty } from '../integrations/notion/notion.client';
import { DEFAULT_STATUS_CONFIG } from '../workspaces/settings.dto';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { FirstRunRecords, FirstRunRepository } from './first-run.repository';
import { FIRST_RUN_STEPS, FirstRunService, optionsProblem } from './first-run.service';

const STATUS: StatusProperty = { id: 'st', name: 'Status', type: 'status', options: Object.values(DEFAULT_STATUS_CONFIG.values) };
const select = (name: string, options: string[]): [string, PropertyShape] => [name, { id: name, name, type: 'select', options }];
const NOTHING: FirstRunRecords = { providers: false, sections: false, claimed: false, written: false, lastFailure: null };
const SAVED = { NOTION_SECRET: 'ntn_secret', DATABASE_ID: 'db', OPENAI_API_KEY: null };

describe(FirstRunService.name, () => {
  async function build({ records = NOTHING, templates = [] as { title: string; type: string }[], secrets = SAVED as Record<string, string | null> } = {}) {
    const built = await buildService(FirstRunService, {
      repository: FirstRunRepository,
      settings: WorkspaceSettingsService,
      notionSettings: NotionSettingsReader,
      notion: NotionClient,
    });
    built.repository.records.mockResolvedValue(records);
    built.repository.templates.mockResolvedValue(templates);
    built.settings.getSecrets.mockResolvedValue({ secrets: secrets as never, statusConfig: DEFAULT_STATUS_CONFIG });
    const settings = {
      secret: 'ntn_secret',
      dataSourceId: 'source-1',
      dataSource: { id: 'source-1', name: 'Articles', count: 1 },
      status: STATUS,
      statusConfig: DEFAULT_STATUS_CONFIG,
    };
    built.notionSettings.check.mockResolvedValue({ settings, ok: true, message: 'Connected.' });
    built.notion.properties.mockResolvedValue(new Map<string, PropertyShape>([['Status', STATUS], select('Article', ['Buying guide'])]));
    built.notion.hasPageWithStatus.mockResolvedValue(false);
    return built;
  }
  const steps = (run: { steps: { key: string; done: boolean; problem: string | null }[] }) =>
    Object.fromEntries(run.steps.map((step) => [step.key, step.problem ? `no: ${step.problem}` : step.done]));

  it('should leave every step to do in an empty workspace, and ask Notion nothing', async () => {
    const { sut, notionSettings } = await build({ secrets: {} });

    const run = await sut.check(SCOPE);

    expect(run).toMatchObject({ complete: false, startValue: 'Start Generating' });
    expect(run.steps.map((step) => step.key)).toEqual([...FIRST_RUN_STEPS]);
    expect(run.steps.every((step) => !step.done && step.problem === null)).toBe(true);
    expect(notionSettings.check).not.toHaveBeenCalled();
  });

  it('should tick each step from what is saved, what Notion offers and what is waiting', async () => {
    const { sut, notion } = await build({ records: { ...NOTHING, providers: true, sections: true }, templates: [{ title: 'Buying guide', type: 'Guide' }] });
    notion.hasPageWithStatus.mockResolvedValue(true);

    expect(steps(await sut.check(SCOPE))).toEqual({
      'notion-connected': true,
      'notion-checked': true,
      provider: true,
      section: true,
      template: true,
      'select-options': true,
      'row-started': true,
      'article-written': false,
    });
    expect(notion.hasPageWithStatus).toHaveBeenCalledWith('ntn_secret', 'source-1', STATUS, 'Start Generating');
  });

  it("should say which template title Notion's Article select lacks", async () => {
    const { sut } = await build({
      templates: [
        { title: 'Buying guide', type: 'Guide' },
        { title: 'Product review', type: 'Review' },
      ],
    });

    const run = steps(await sut.check(SCOPE));

    expect(run['select-options']).toBe(`no: Notion's Article select has no option named "Product review": add it in Notion so a row can name that template.`);
  });

  it("should answer the Notion check's failure as the step's problem, and leave the steps after it unticked", async () => {
    const { sut, notionSettings } = await build({ templates: [{ title: 'Buying guide', type: 'Guide' }] });
    notionSettings.check.mockRejectedValue(
      new IntegrationError('Notion', 'rejected the secret saved on Home while trying to open the database; check it and save it again.', 401),
    );

    const run = steps(await sut.check(SCOPE));

    expect(run['notion-connected']).toBe(true);
    expect(run['notion-checked']).toBe('no: Notion: rejected the secret saved on Home while trying to open the database; check it and save it again.');
    expect(run['select-options']).toBe(false);
    expect(run['row-started']).toBe(false);
  });

  it('should let a failure nobody can act on through (a 500)', async () => {
    const { sut, notionSettings } = await build();
    const failure = new TypeError('undefined is not a function');
    notionSettings.check.mockRejectedValue(failure);

    await expect(sut.check(SCOPE)).rejects.toBe(failure);
  });

  it('should count a claimed row as started, and say why the last article stopped', async () => {
    const { sut } = await build({ records: { ...NOTHING, claimed: true, lastFailure: 'No OpenAI API key is saved.' } });

    const run = steps(await sut.check(SCOPE));

    expect(run['row-started']).toBe(true);
    expect(run['article-written']).toBe('no: The last article stopped: No OpenAI API key is saved.');
  });

  it('should be complete once an article is written, without asking Notion again', async () => {
    const { sut, notionSettings, notion } = await build({ records: { ...NOTHING, claimed: true, written: true } });

    const run = await sut.check(SCOPE);

    expect(run.complete).toBe(true);
    expect(run.steps.every((step) => step.done)).toBe(true);
    expect(notionSettings.check).not.toHaveBeenCalled();
    expect(notion.properties).not.toHaveBeenCalled();
  });

  it('should take a GenerationError (the status property is missing) as the check failing', async () => {
    const { sut, notionSettings } = await build();
    notionSettings.check.mockRejectedValue(
      new GenerationError('The Notion database has no status or select property named "Status" (set in Notion Settings on Home).'),
    );

    expect(steps(await sut.check(SCOPE))['notion-checked']).toMatch(/^no: The Notion database has no status/);
  });
});

describe(optionsProblem.name, () => {
  const templates = [
    { title: 'Buying guide', type: 'Guide' },
    { title: 'Product review', type: 'Review' },
  ];

  it('should match options in any case and spacing, as a row names a template', () => {
    expect(optionsProblem(new Map([select('Article', [' buying GUIDE', 'Product review', 'Other'])]), templates)).toBeNull();
  });

  it('should name every missing option', () => {
    expect(optionsProblem(new Map([select('Article', [])]), templates)).toBe(
      `Notion's Article select has no options named "Buying guide", "Product review": add them in Notion so a row can name those templates.`,
    );
  });

  it('should read the Type select when there is no Article select', () => {
    expect(optionsProblem(new Map([select('Type', ['Guide', 'Review'])]), templates)).toBeNull();
    expect(optionsProblem(new Map([select('Type', ['Guide'])]), templates)).toMatch(/^Notion's Type select has no option named "Review"/);
  });

  it('should say a row cannot name a template without either select', () => {
    expect(optionsProblem(new Map(), templates)).toBe(
      "Notion's database has no Article property: add a select named Article with an option for each template title.",
    );
  });

  it('should let an Article typed as text name any template', () => {
    expect(optionsProblem(new Map([['Article', { id: 'ar', name: 'Article', type: 'rich_text', options: [] }]]), templates)).toBeNull();
  });
});
