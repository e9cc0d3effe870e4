import request from 'supertest';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';

type Agent = ReturnType<typeof request.agent> | { post: ReturnType<typeof request.agent>['post'] };

export const SECTION_HEADINGS = ['Introduction', 'Pros and Cons', 'FAQ'];

/**
 * An operator ready to generate: settings pointing at the simulators, a model, a bias list, three
 * sections using placeholders, the "Laptop guide" template of type Guide, and a client with a
 * save folder.
 */
export async function setUpGeneration(agent: Agent, notion: NotionFake, openai: OpenAiFake) {
  await agent.post('/api/user').send({ envVars: { NOTION_SECRET: notion.secret, DATABASE_ID: notion.databaseId, OPENAI_API_KEY: openai.apiKey } }).expect(200);
  const model = (await agent.post('/api/models').send({ name: 'Writer', base_model: 'gpt-4o' }).expect(201)).body;
  const bias = (await agent.post('/api/logit-bias-groups').send({ name: 'Banned', entries: [{ words: ['delve'], bias: -100 }] }).expect(201)).body;
  const prompts = [
    ['You introduce articles for {{client}}.', 'Introduce "{{title}}" about {{Keyword}}.', bias._id],
    ['You weigh pros and cons.', 'Pros and cons for {{title}} after: {{previous_sections}}', null],
    ['You answer questions.', 'Three FAQ for {{article_title}} ({{article_type}}), section {{section_heading}}.', null],
  ];
  const sections = [];
  for (const [i, [system, user, group]] of prompts.entries()) {
    const body = { name: SECTION_HEADINGS[i], model: model._id, temperature: 0.2 + i / 10, logit_bias_group: group, system_message: system, user_message: user };
    sections.push((await agent.post('/api/sections').send(body).expect(201)).body);
  }
  const snapshot = (s: Record<string, any>) => ({ section: s._id, heading: s.name, systemPrompt: s.system_message, userPrompt: s.user_message, model: s.model, temperature: s.temperature, logit_bias_group: s.logit_bias_group });
  const article = (await agent.post('/api/articles').send({ article_title: 'Laptop guide', article_type: 'Guide', sections: sections.map(snapshot) }).expect(201)).body;
  const client = (await agent.post('/api/clients').send({ name: 'Acme' }).expect(201)).body;
  await agent.post(`/api/clients/${client._id}/save-path`).send({ folderId: 'folder-acme', folderName: 'Acme articles' }).expect(200);
  return { model, bias, sections, article, client };
}
