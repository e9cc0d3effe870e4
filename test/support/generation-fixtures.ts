import request from 'supertest';
import { articleEntry } from '../../scripts/lib/article-entry.cjs';
import { GoogleFake } from '../fakes/google-fake';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { Simulator, useTestApp } from './use-test-app';

type Agent = ReturnType<typeof request.agent> | { post: ReturnType<typeof request.agent>['post'] };

export const SECTION_HEADINGS = ['Introduction', 'Pros and Cons', 'FAQ'];

/**
 * An operator ready to generate: settings pointing at the simulators, a model, a bias list, three
 * sections using placeholders, the "Laptop guide" template of type Guide, and a client with a
 * save folder.
 */
export async function setUpGeneration(agent: Agent, notion: NotionFake, openai: OpenAiFake) {
  await agent
    .post('/api/user')
    .send({ envVars: { NOTION_SECRET: notion.secret, DATABASE_ID: notion.databaseId, OPENAI_API_KEY: openai.apiKey } })
    .expect(200);
  const model = (await agent.post('/api/models').send({ name: 'Writer', base_model: 'gpt-4o' }).expect(201)).body;
  const bias = (
    await agent
      .post('/api/logit-bias-groups')
      .send({ name: 'Banned', entries: [{ words: ['delve'], bias: -100 }] })
      .expect(201)
  ).body;
  const prompts = [
    ['You introduce articles for {{client}}.', 'Introduce "{{title}}" about {{Keyword}}.', bias._id],
    ['You weigh pros and cons.', 'Pros and cons for {{title}} after: {{previous_sections}}', null],
    ['You answer questions.', 'Three FAQ for {{article_title}} ({{article_type}}), section {{section_heading}}.', null],
  ];
  const sections = [];
  for (const [i, [system, user, group]] of prompts.entries()) {
    const body = {
      name: SECTION_HEADINGS[i],
      model: model._id,
      temperature: 0.2 + i / 10,
      logit_bias_group: group,
      system_message: system,
      user_message: user,
    };
    sections.push((await agent.post('/api/sections').send(body).expect(201)).body);
  }
  const article = (
    await agent
      .post('/api/articles')
      .send({ article_title: 'Laptop guide', article_type: 'Guide', sections: sections.map((s) => articleEntry(s)) })
      .expect(201)
  ).body;
  const client = (await agent.post('/api/clients').send({ name: 'Acme' }).expect(201)).body;
  await agent.post(`/api/clients/${client._id}/save-path`).send({ folderId: 'folder-acme', folderName: 'Acme articles' }).expect(200);
  return { model, bias, sections, article, client };
}

export type HistoryEntry = Record<string, any>;

/**
 * One app and the Notion, OpenAI and Google simulators for a generation spec file: started before
 * its tests and stopped after them. Before each test the database and the simulators are emptied
 * (of Google, only Drive) and an operator signs in with Google and is set up to generate
 * (setUpGeneration). Polling stays out of the way: each test triggers "Check now" itself.
 */
export function generationSuite(env: Record<string, string> = {}, more: { fakes?: Simulator[]; env?: () => Record<string, string> } = {}) {
  const notion = new NotionFake();
  const openai = new OpenAiFake();
  const google = new GoogleFake();
  // Of Google only Drive is emptied between tests; the account it signs in stays as it is.
  const drive = { start: () => google.start(), stop: () => google.stop(), reset: () => google.resetDrive(), crashes: google.crashes };
  const t = useTestApp({
    fakes: [notion, openai, drive, ...(more.fakes ?? [])],
    env: () => ({
      ...google.env(),
      NOTION_BASE_URL: notion.baseUrl,
      OPENAI_BASE_URL: openai.baseUrl,
      NOTION_POLL_SECONDS: '3600',
      ...env,
      ...(more.env?.() ?? {}),
    }),
    signIn: 'google',
  });
  beforeEach(async () => {
    await setUpGeneration(t.agent, notion, openai);
  });
  return {
    notion,
    openai,
    google,
    t,
    get agent() {
      return t.agent;
    },
    history: async (): Promise<HistoryEntry[]> => (await t.agent.get('/api/history').expect(200)).body,
    settled: (entries: HistoryEntry[], n: number) => entries.length === n && entries.every((e) => e.status === 'completed' || e.status === 'failed'),
    checkNow: async () => (await t.agent.post('/api/generation/check-now').expect(200)).body.lastCheck,
  };
}
