import { Injectable, Logger } from '@nestjs/common';
import { isForPeople } from '../common/job-failure';
import { NotionSettings, NotionSettingsReader } from '../generation/notion-settings';
import { NotionClient, PropertyShape } from '../integrations/notion/notion.client';
import { Scope } from '../workspaces/scope';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { FirstRunRecords, FirstRunRepository } from './first-run.repository';

/** The steps from an empty workspace to its first article, in the order a person takes them. */
export const FIRST_RUN_STEPS = [
  'notion-connected',
  'notion-checked',
  'provider',
  'section',
  'template',
  'select-options',
  'row-started',
  'article-written',
] as const;
export type FirstRunStepKey = (typeof FIRST_RUN_STEPS)[number];

export interface FirstRunStep {
  key: FirstRunStepKey;
  done: boolean;
  /** What stands in the way, in words a person can act on; null when nothing is known to (or the step is done). */
  problem: string | null;
}

export interface FirstRun {
  /** The first article is written: the checklist folds away. */
  complete: boolean;
  /** The status value a row is set to for Quire to write it. */
  startValue: string;
  steps: FirstRunStep[];
}

/** The properties a Notion row names its template by (row-templates.ts): its Article (a title), else its Type. */
const TEMPLATE_PROPERTIES = [
  { name: 'Article', of: (template: { title: string }) => template.title },
  { name: 'Type', of: (template: { type: string }) => template.type },
] as const;

/**
 * Home's first-run checklist, read from the workspace's real state every time: what is saved, what
 * Notion's database offers, what has been written. Nothing is marked done by hand. Once the first
 * article is written every step that led to it is done, and Notion is not asked again.
 */
@Injectable()
export class FirstRunService {
  private readonly logger = new Logger(FirstRunService.name);

  constructor(
    private readonly repository: FirstRunRepository,
    private readonly settings: WorkspaceSettingsService,
    private readonly notionSettings: NotionSettingsReader,
    private readonly notion: NotionClient,
  ) {}

  async check(scope: Scope): Promise<FirstRun> {
    const [records, templates, saved] = await Promise.all([
      this.repository.records(scope),
      this.repository.templates(scope),
      this.settings.getSecrets(scope.workspaceId, ['NOTION_SECRET', 'DATABASE_ID', 'OPENAI_API_KEY']),
    ]);
    const { NOTION_SECRET: secret, DATABASE_ID: databaseId, OPENAI_API_KEY: openAiKey } = saved.secrets;
    const startValue = saved.statusConfig.values.start;
    const connected = Boolean(secret && databaseId);
    const written = records.written;
    const notion = connected && !written ? await this.readNotion(scope, templates, startValue) : null;
    const step = (key: FirstRunStepKey, done: boolean, problem: string | null = null): FirstRunStep => ({ key, done, problem: done ? null : problem });
    const steps = [
      step('notion-connected', connected || written),
      step('notion-checked', written || notion?.checked === true, notion?.checkProblem ?? null),
      step('provider', Boolean(openAiKey) || records.providers || written),
      step('section', records.sections || written),
      step('template', templates.length > 0 || written),
      step('select-options', written || (templates.length > 0 && notion?.optionsProblem === null), notion?.optionsProblem ?? null),
      step('row-started', written || records.claimed || notion?.rowWaiting === true),
      step('article-written', written, this.failure(records)),
    ];
    return { complete: written, startValue, steps };
  }

  private failure(records: FirstRunRecords): string | null {
    return records.lastFailure ? `The last article stopped: ${records.lastFailure}` : null;
  }

  /** What Notion's database says: the check of the saved settings, the template options, a row at the start value. */
  private async readNotion(
    scope: Scope,
    templates: { title: string; type: string }[],
    startValue: string,
  ): Promise<{ checked: boolean; checkProblem: string | null; optionsProblem: string | null | undefined; rowWaiting: boolean }> {
    let settings: NotionSettings;
    try {
      const check = await this.notionSettings.check(scope);
      settings = check.settings;
      if (!check.ok) return { checked: false, checkProblem: check.message, optionsProblem: undefined, rowWaiting: false };
    } catch (error) {
      if (!isForPeople(error)) throw error;
      return { checked: false, checkProblem: error.message, optionsProblem: undefined, rowWaiting: false };
    }
    try {
      const properties = await this.notion.properties(settings.secret, settings.dataSourceId);
      const rowWaiting = await this.notion.hasPageWithStatus(settings.secret, settings.dataSourceId, settings.status, startValue);
      return { checked: true, checkProblem: null, optionsProblem: templates.length > 0 ? optionsProblem(properties, templates) : undefined, rowWaiting };
    } catch (error) {
      if (!isForPeople(error)) throw error;
      this.logger.debug(`The first-run checklist could not read the Notion database: ${error.message}`);
      return { checked: true, checkProblem: null, optionsProblem: error.message, rowWaiting: false };
    }
  }
}

/** Property types whose options a row picks from; any other (a text) takes any title typed. */
const CHOICE_TYPES = ['select', 'status', 'multi_select'];

/**
 * What keeps a row from naming a template (row-templates.ts reads its Article, else its Type): with
 * an Article select, a template title it has no option for; with no Article property, a template
 * type the Type select lacks; with neither, that a row cannot name a template. An Article typed as
 * text takes any title. Null when every template can be named. Options compare as Quire matches
 * them (any case, surrounding spaces ignored).
 */
export function optionsProblem(properties: Map<string, PropertyShape>, templates: { title: string; type: string }[]): string | null {
  for (const { name, of } of TEMPLATE_PROPERTIES) {
    const property = properties.get(name);
    if (!property) continue;
    if (!CHOICE_TYPES.includes(property.type)) return null;
    const options = new Set(property.options.map((option) => option.trim().toLowerCase()));
    const missing = [...new Set(templates.map(of))].filter((value) => !options.has(value.trim().toLowerCase()));
    if (missing.length === 0) return null;
    const names = missing.map((value) => `"${value}"`).join(', ');
    return missing.length === 1
      ? `Notion's ${name} select has no option named ${names}: add it in Notion so a row can name that template.`
      : `Notion's ${name} select has no options named ${names}: add them in Notion so a row can name those templates.`;
  }
  return "Notion's database has no Article property: add a select named Article with an option for each template title.";
}
