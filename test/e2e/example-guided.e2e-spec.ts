import { sql } from 'drizzle-orm';
import request from 'supertest';
import { parse } from 'yaml';
import { articleEntry } from '../../scripts/lib/article-entry.cjs';
import { CompatibleFake } from '../fakes/compatible-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { eventually } from '../support/fixtures';
import { generationSuite } from '../support/generation-fixtures';
import { otherOperatorCookie } from '../support/test-app';
import { holdoutOf } from '../../backend/src/evaluations/evaluation-plan';

type Json = Record<string, any>;

/** Examples on distinct topics: their user messages share words with titles about the same topic. */
const TOPICS = [
  'garden roses pruning',
  'river kayak trips',
  'budget laptops battery',
  'sourdough bread baking',
  'mountain hiking boots',
  'chess opening traps',
];
const exampleOf = (topic: string, i: number) => ({
  uuid: `example-${i}`,
  article_uuid: `article-${i}`,
  clusterId: i % 2,
  messages: [
    { role: 'system', content: 'You write blog sections.' },
    { role: 'user', content: `Write the introduction about ${topic}.` },
    { role: 'assistant', content: `An introduction to ${topic}, in the house style number ${i}.` },
  ],
});

/** A section guided by a model's examples, and evaluations that say which setup writes best. */
describe('Example-guided sections and evaluations', () => {
  const compatible = new CompatibleFake();
  const gemini = new GeminiFake();
  const suite = generationSuite(
    { GENERATION_CONCURRENCY: '2', GENERATION_RETRY_SECONDS: '1' },
    { fakes: [compatible, gemini], env: () => ({ GEMINI_BASE_URL: gemini.baseUrl }) },
  );
  const { notion, openai } = suite;

  const chats = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).map((r) => JSON.parse(r.body));
  const embeddingInputs = () => openai.requestsTo('POST', /^\/v1\/embeddings$/).map((r) => JSON.parse(r.body).input as string[]);

  async function exampleSet(name: string, topics = TOPICS) {
    const id = (await suite.agent.post('/api/models').send({ name, base_model: 'gpt-4o-mini' }).expect(201)).body._id as string;
    for (const [i, topic] of topics.entries())
      await suite.agent
        .post(`/api/models/${id}/add-example`)
        .send({ example: exampleOf(topic, i) })
        .expect(201);
    return id;
  }

  async function guidedSection(examplesModel: string | null, count?: number) {
    const [model] = (await suite.agent.get('/api/models?filter={"q":"Writer"}').expect(200)).body;
    return (
      await suite.agent
        .post('/api/sections')
        .send({
          name: 'Introduction',
          model: model._id,
          temperature: 0.5,
          system_message: 'You introduce articles.',
          user_message: 'Write the introduction about {{title}}.',
          examples_model: examplesModel,
          ...(count === undefined ? {} : { examples_count: count }),
        })
        .expect(201)
    ).body;
  }

  async function writeRow(section: Awaited<ReturnType<typeof guidedSection>>, title: string, type = 'Guided') {
    if (!(await suite.agent.get('/api/articles').expect(200)).body.some((a: Json) => a.article_type === type)) {
      await suite.agent
        .post('/api/articles')
        .send({ article_title: `${type} template`, article_type: type, sections: [articleEntry(section)] })
        .expect(201);
    }
    notion.addRow({ title, status: 'Start Generating', type });
    await suite.checkNow();
    const entries = await eventually(suite.history, (e) => e.some((x) => x.title === title && ['completed', 'failed'].includes(x.status)));
    const entry = entries.find((x) => x.title === title)!;
    return (await suite.agent.get(`/api/history/${entry._id}`).expect(200)).body;
  }

  describe('a section with an example set', () => {
    it('should keep examples_model and examples_count, default 3, and refuse what is not allowed, naming the field', async () => {
      const set = await exampleSet('House style');
      const section = await guidedSection(set);
      expect(section).toMatchObject({ examples_model: set, examples_count: 3 });
      const none = await guidedSection(null);
      expect(none).toMatchObject({ examples_model: null, examples_count: 3 });
      const updated = (await suite.agent.put(`/api/sections/${section._id}`).send({ examples_count: 0 }).expect(200)).body;
      expect(updated).toMatchObject({ examples_model: set, examples_count: 0 });

      const grace = await otherOperatorCookie(suite.t);
      const theirs = (await request(suite.t.http).post('/api/models').set('Cookie', grace).send({ name: 'Theirs', base_model: 'gpt-4o' }).expect(201)).body._id;
      const refused = (await suite.agent.put(`/api/sections/${section._id}`).send({ examples_model: theirs }).expect(400)).body;
      expect(refused).toMatchObject({ message: 'examples_model is not one of your models', errors: [{ field: 'examples_model' }] });
      for (const count of [11, -1, 2.5, '3']) {
        const body = (await suite.agent.put(`/api/sections/${section._id}`).send({ examples_count: count }).expect(400)).body;
        expect(body.errors).toEqual([{ field: 'examples_count', message: 'examples_count must be a whole number from 0 to 10' }]);
      }
      expect((await suite.agent.get(`/api/sections/${section._id}`).expect(200)).body).toMatchObject({ examples_model: set, examples_count: 0 });
    });

    it('should choose the examples sharing the most words with the message, with no OpenAI key, for a section on another provider', async () => {
      const set = await exampleSet('House style');
      const server = (
        await suite.agent.post('/api/connections').send({ kind: 'openai-compatible', name: 'Local vLLM', base_url: compatible.baseUrl }).expect(201)
      ).body;
      const llama = (
        await suite.agent.post('/api/models').send({ name: 'Llama', base_model: 'meta-llama/Llama-3.3-70B-Instruct', connection_id: server._id }).expect(201)
      ).body._id;
      const section = await guidedSection(set, 2);
      await suite.agent.put(`/api/sections/${section._id}`).send({ model: llama }).expect(200);
      // The workspace's OpenAI key removed: nothing to embed with.
      await suite.agent
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: '' } })
        .expect(200);

      const entry = await writeRow({ ...section, model: llama }, 'Budget laptops with long battery life');
      expect(entry.status).toBe('completed');
      const [chat] = compatible.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.parse(r.body) as Json);
      expect(chat.messages.map((m: Json) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
      // The example sharing "budget", "laptops" and "battery" is the nearest, last before the section's own message.
      expect(chat.messages[3].content).toBe('Write the introduction about budget laptops battery.');
      expect(entry.sections[0].examples[0]).toMatchObject({ uuid: 'example-2' });
      expect(embeddingInputs()).toEqual([]);
      expect(chats()).toEqual([]);
    });

    it('should send the examples nearest the section’s user message as pairs before it, embed the set once, and name them in History', async () => {
      const set = await exampleSet('House style');
      const section = await guidedSection(set, 2);

      const first = await writeRow(section, 'Budget laptops with long battery life');
      expect(first.status).toBe('completed');
      const [chat] = chats();
      expect(chat.messages.map((m: Json) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
      expect(chat.messages[0].content).toBe('You introduce articles.');
      // The nearest (laptops) last, just before the section's own message.
      expect(chat.messages[3].content).toBe('Write the introduction about budget laptops battery.');
      expect(chat.messages[5].content).toBe('Write the introduction about Budget laptops with long battery life.');
      expect(first.sections[0]).toMatchObject({
        user_message: 'Write the introduction about Budget laptops with long battery life.',
        examples: [
          { uuid: 'example-2', words: 'Write the introduction about budget laptops battery.' },
          { uuid: expect.any(String), words: expect.any(String) },
        ],
      });
      // The set embedded once (its six user messages), then the message.
      expect(embeddingInputs()).toEqual([
        TOPICS.map((topic) => `Write the introduction about ${topic}.`),
        ['Write the introduction about Budget laptops with long battery life.'],
      ]);

      const second = await writeRow(section, 'Sourdough bread for beginners');
      expect(second.sections[0].examples[0]).toEqual({ uuid: 'example-3', words: 'Write the introduction about sourdough bread baking.' });
      expect(embeddingInputs()).toHaveLength(3);
      expect(embeddingInputs()[2]).toEqual(['Write the introduction about Sourdough bread for beginners.']);
    });

    it('should write without examples from an empty set and say so, and send a set smaller than the count whole without embedding', async () => {
      const empty = (await suite.agent.post('/api/models').send({ name: 'Empty set', base_model: 'gpt-4o' }).expect(201)).body._id;
      const entry = await writeRow(await guidedSection(empty), 'Nothing to learn from', 'Empty');
      expect(entry.sections[0].examples).toEqual([]);
      expect(chats()[0].messages).toHaveLength(2);

      const small = await exampleSet('Two examples', TOPICS.slice(0, 2));
      const whole = await writeRow(await guidedSection(small, 5), 'Kayaks', 'Small');
      expect(whole.sections[0].examples.map((e: Json) => e.uuid)).toEqual(['example-0', 'example-1']);
      expect(embeddingInputs()).toEqual([]);
    });

    it('should guide a section tried alone, and an article’s entry keeps the set it was saved with', async () => {
      const set = await exampleSet('House style');
      const section = await guidedSection(set, 1);
      const preview = (await suite.agent.post('/api/previews').send({ sectionId: section._id, title: 'Chess traps for club players' }).expect(201)).body;
      const done = await eventually(
        async () => (await suite.agent.get(`/api/previews/${preview._id}`).expect(200)).body,
        (p) => p.status === 'completed',
      );
      expect(done.variants[0].sections[0].examples).toEqual([{ uuid: 'example-5', words: 'Write the introduction about chess opening traps.' }]);

      const article = (
        await suite.agent
          .post('/api/articles')
          .send({ article_title: 'Kept', article_type: 'Kept', sections: [{ ...articleEntry(section), examples_model: undefined, examples_count: undefined }] })
          .expect(201)
      ).body;
      expect(article.sections[0]).toMatchObject({ examples_model: set, examples_count: 1, section_version: 1 });
      const grace = await otherOperatorCookie(suite.t);
      const theirs = (await request(suite.t.http).post('/api/models').set('Cookie', grace).send({ name: 'Theirs', base_model: 'gpt-4o' }).expect(201)).body._id;
      const refused = await suite.agent
        .put(`/api/articles/${article._id}`)
        .send({ sections: [{ ...articleEntry(section), examples_model: theirs }] })
        .expect(400);
      expect(refused.body.errors).toEqual([{ field: 'sections.0.examples_model', message: 'is not one of your models' }]);
    });

    it('should fail the article, naming the section, when its example set has been deleted', async () => {
      const set = await exampleSet('Doomed set', []);
      const section = await guidedSection(set);
      await suite.agent
        .post('/api/articles')
        .send({ article_title: 'Gone template', article_type: 'Gone', sections: [articleEntry(section)] })
        .expect(201);
      // Gone as a fine-tuned model goes when it is deleted (only those can be).
      await suite.t.database.db.execute(sql`delete from models where id = ${set}`);
      const entry = await writeRow(section, 'No set any more', 'Gone');
      expect(entry).toMatchObject({
        status: 'failed',
        message: 'The example set of section "Introduction" no longer exists; choose another in the section and update the article.',
      });
      expect(chats()).toEqual([]);
    });
  });

  describe('evaluations', () => {
    const EIGHT = [...TOPICS, 'coffee espresso grind', 'winter cycling gloves'];

    async function twoVariants() {
      const set = await exampleSet('House style', EIGHT);
      const plain = (await suite.agent.post('/api/models').send({ name: 'Plain gpt-4o', base_model: 'gpt-4o' }).expect(201)).body._id;
      return {
        set,
        plain,
        body: {
          modelId: set,
          holdout: 3,
          variants: [
            { label: 'No examples', model: plain, examples_count: 0 },
            { label: 'Three examples', model: plain, examples_count: 3 },
          ],
        },
      };
    }
    const finished = (id: string) =>
      eventually(
        async () => (await suite.agent.get(`/api/evaluations/${id}`).expect(200)).body,
        (e) => e.status === 'completed' || e.status === 'failed',
        30_000,
      );

    it('should estimate, then write every held-out example with every variant, never sending a held-out example, and score each output', async () => {
      const { body } = await twoVariants();
      const estimate = (await suite.agent.post('/api/evaluations/estimate').send(body).expect(200)).body;
      expect(estimate).toMatchObject({ items: 3, requests: 6, embedding_requests: 3 * 2 + 1, cost_usd: expect.any(Number) });
      expect(estimate.variants.map((v: Json) => [v.label, v.openai_model, v.requests])).toEqual([
        ['No examples', 'gpt-4o', 3],
        ['Three examples', 'gpt-4o', 3],
      ]);
      expect(estimate.variants[1].prompt_tokens).toBeGreaterThan(estimate.variants[0].prompt_tokens);
      expect(chats()).toEqual([]);

      const created = (await suite.agent.post('/api/evaluations').send(body).expect(201)).body;
      expect(created).toMatchObject({ status: 'queued', model_name: 'House style', holdout: 3, progress: { done: 0, total: 6 } });
      expect(created.items).toHaveLength(3);
      const done = await finished(created._id);
      expect(done).toMatchObject({ status: 'completed', message: null, progress: { done: 6, total: 6 } });

      const heldOut = new Set(done.items.map((item: Json) => item.prompt));
      const sent = chats();
      expect(sent).toHaveLength(6);
      for (const chat of sent) {
        const examples = chat.messages.slice(1, -1).filter((m: Json) => m.role === 'user');
        for (const m of examples) expect(heldOut.has(m.content)).toBe(false);
        expect(heldOut.has(chat.messages.at(-1).content)).toBe(true);
      }
      for (const item of done.items) {
        expect(Object.keys(item.outputs).sort()).toEqual(['No examples', 'Three examples']);
        for (const output of Object.values(item.outputs) as Json[]) {
          expect(output.similarity).toBeGreaterThanOrEqual(0);
          expect(output.similarity).toBeLessThanOrEqual(1);
          expect(output.rouge_l).toBeGreaterThanOrEqual(0);
          expect(output.rouge_l).toBeLessThanOrEqual(1);
          expect(output.tokens).toBe(output.prompt_tokens + output.completion_tokens);
        }
        expect(item.outputs['Three examples'].examples).toHaveLength(3);
        expect(item.outputs['No examples'].examples).toEqual([]);
        expect([...item.pair].sort()).toEqual(['No examples', 'Three examples']);
      }
      const [none, three] = done.summary;
      expect(none).toMatchObject({ label: 'No examples', outputs: 3, judged: 0, win_rate: null });
      // Shown examples in the house style, the simulator writes more like the originals.
      expect(three.mean_rouge_l).toBeGreaterThan(none.mean_rouge_l);
      expect(done.verdict).toEqual({ decided: false, better: null, text: 'Judge 20 more pairs for a verdict (0 of 20).' });
      // The same set holds out the same examples.
      const again = (await suite.agent.post('/api/evaluations').send(body).expect(201)).body;
      expect(again.items.map((i: Json) => i.example_uuid)).toEqual(created.items.map((i: Json) => i.example_uuid));
    });

    it('should write every example with a GPT-6 model at its own defaults: no temperature is sent, none is refused', async () => {
      const { set } = await twoVariants();
      const luna = (await suite.agent.post('/api/models').send({ name: 'Luna', base_model: 'gpt-6-luna' }).expect(201)).body._id;
      const body = {
        modelId: set,
        holdout: 3,
        variants: [
          { label: 'Luna', model: luna, examples_count: 0 },
          { label: 'Luna guided', model: luna, examples_count: 3 },
        ],
      };
      const done = await finished((await suite.agent.post('/api/evaluations').send(body).expect(201)).body._id);
      expect(done).toMatchObject({ status: 'completed', message: null, progress: { done: 6, total: 6 } });
      // (An evaluation of the test before may still be writing with gpt-4o.)
      const luna6 = chats().filter((chat) => chat.model === 'gpt-6-luna');
      expect(luna6.map((chat) => 'temperature' in chat)).toEqual(Array(6).fill(false));
      expect(openai.requests.filter((r) => r.path === '/v1/chat/completions' && r.status === 400)).toEqual([]);
    });

    it('should compare setups on OpenAI, an OpenAI-compatible server and Gemini in one run, each written through its vendor with the examples', async () => {
      const { set, plain } = await twoVariants();
      const server = (
        await suite.agent.post('/api/connections').send({ kind: 'openai-compatible', name: 'Local vLLM', base_url: compatible.baseUrl }).expect(201)
      ).body;
      const llama = (
        await suite.agent.post('/api/models').send({ name: 'Llama', base_model: 'meta-llama/Llama-3.3-70B-Instruct', connection_id: server._id }).expect(201)
      ).body._id;
      const google = (await suite.agent.post('/api/connections').send({ kind: 'gemini', name: 'Gemini', api_key: gemini.apiKey }).expect(201)).body;
      const flash = (await suite.agent.post('/api/models').send({ name: 'Flash', base_model: 'gemini-2.5-flash', connection_id: google._id }).expect(201)).body
        ._id;
      const body = {
        modelId: set,
        holdout: 3,
        variants: [
          { label: 'GPT', model: plain, examples_count: 2 },
          { label: 'Llama', model: llama, examples_count: 2 },
          { label: 'Flash', model: flash, examples_count: 2 },
        ],
      };
      const done = await finished((await suite.agent.post('/api/evaluations').send(body).expect(201)).body._id);
      expect(done).toMatchObject({ status: 'completed', message: null, progress: { done: 9, total: 9 } });

      const heldOut = new Set(done.items.map((item: Json) => item.prompt));
      const served = compatible.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.parse(r.body) as Json);
      expect(chats()).toHaveLength(3);
      expect(served).toHaveLength(3);
      for (const chat of served) {
        expect(chat.model).toBe('meta-llama/Llama-3.3-70B-Instruct');
        // The system message, two examples (a user and an assistant message each), then the held-out prompt.
        expect(chat.messages.map((m: Json) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
        expect(heldOut.has(chat.messages.at(-1).content)).toBe(true);
      }
      // Gemini: the example's system message as its systemInstruction, the two examples as user and model turns.
      const generated = gemini.requests.filter((r) => r.method === 'POST' && r.path.endsWith(':generateContent')).map((r) => JSON.parse(r.body) as Json);
      expect(generated).toHaveLength(3);
      for (const request of generated) {
        expect(request.systemInstruction.parts[0].text).toBe('You write blog sections.');
        expect(request.contents.map((c: Json) => c.role)).toEqual(['user', 'model', 'user', 'model', 'user']);
        expect(heldOut.has(request.contents.at(-1).parts[0].text)).toBe(true);
      }
      for (const item of done.items) {
        expect(['GPT', 'Llama', 'Flash']).toEqual(expect.arrayContaining(item.pair));
        expect(item.outputs.Llama.text).toContain('Written by meta-llama/Llama-3.3-70B-Instruct for:');
        expect(item.outputs.Flash.text).toContain('Written by gemini-2.5-flash for:');
      }
      // OpenAI's price is known; the served model's and Gemini's are not in Quire's table, and are never shown as $0.
      expect(done.summary.map((s: Json) => [s.label, s.cost_usd === null])).toEqual([
        ['GPT', false],
        ['Llama', true],
        ['Flash', true],
      ]);
    });

    it('should take blind judgments by label, count them per variant, and refuse a wrong one', async () => {
      const { body } = await twoVariants();
      const created = (await suite.agent.post('/api/evaluations').send(body).expect(201)).body;
      const done = await finished(created._id);
      const [first, second] = done.items;
      const judged = (await suite.agent.post(`/api/evaluations/${done._id}/judgments`).send({ item: first._id, winner: 'Three examples' }).expect(201)).body;
      expect(judged.judgments).toBe(1);
      expect(judged.summary.map((s: Json) => [s.label, s.wins, s.losses, s.ties])).toEqual([
        ['No examples', 0, 1, 0],
        ['Three examples', 1, 0, 0],
      ]);
      expect(judged.items[0].winner).toBe('Three examples');
      const tie = (await suite.agent.post(`/api/evaluations/${done._id}/judgments`).send({ item: second._id, winner: 'tie' }).expect(201)).body;
      expect(tie.summary[1]).toMatchObject({ judged: 2, wins: 1, ties: 1, win_rate: 0.75 });

      const wrong = (await suite.agent.post(`/api/evaluations/${done._id}/judgments`).send({ item: first._id, winner: 'A' }).expect(400)).body;
      expect(wrong.errors).toEqual([{ field: 'winner', message: `must be "${first.pair[0]}", "${first.pair[1]}" or "tie"` }]);
      const stranger = (await suite.agent.post(`/api/evaluations/${done._id}/judgments`).send({ item: done._id, winner: 'tie' }).expect(400)).body;
      expect(stranger.errors).toEqual([{ field: 'item', message: 'is not one of this evaluation’s items' }]);
      const grace = await otherOperatorCookie(suite.t);
      await request(suite.t.http).post(`/api/evaluations/${done._id}/judgments`).set('Cookie', grace).send({ item: first._id, winner: 'tie' }).expect(404);
      await request(suite.t.http).get(`/api/evaluations/${done._id}`).set('Cookie', grace).expect(404);
      expect((await request(suite.t.http).get('/api/evaluations').set('Cookie', grace).expect(200)).body).toEqual([]);
      expect((await suite.agent.get(`/api/evaluations/${done._id}`).expect(200)).body.judgments).toBe(2);
    });

    it('should list evaluations without their items, each with the progress, summary, verdict and cost of its own page', async () => {
      const { body } = await twoVariants();
      const older = await finished((await suite.agent.post('/api/evaluations').send(body).expect(201)).body._id);
      const newer = await finished((await suite.agent.post('/api/evaluations').send(body).expect(201)).body._id);
      for (const [item, winner] of [
        [newer.items[0], 'Three examples'],
        [newer.items[1], 'tie'],
      ])
        await suite.agent.post(`/api/evaluations/${newer._id}/judgments`).send({ item: item._id, winner }).expect(201);

      const res = await suite.agent.get('/api/evaluations').query({ sort: '["created_at","DESC"]', range: '[0,24]' }).expect(200);
      expect(res.headers['content-range']).toBe('evaluations 0-1/2');
      expect(res.body.map((e: Json) => e._id)).toEqual([newer._id, older._id]);
      for (const listed of res.body as Json[]) {
        expect(listed).not.toHaveProperty('items');
        const { items, ...page } = (await suite.agent.get(`/api/evaluations/${listed._id}`).expect(200)).body;
        expect(items).toHaveLength(3);
        expect(listed).toEqual(page);
      }
      expect(res.body[0]).toMatchObject({ judgments: 2, progress: { done: 6, total: 6 } });
      expect(res.body[0].summary[1]).toMatchObject({ label: 'Three examples', judged: 2, wins: 1, ties: 1, win_rate: 0.75 });
      // No text of an item or an output is in the list.
      const texts = newer.items.flatMap((item: Json) => [item.prompt, item.original, ...Object.values(item.outputs).map((o) => (o as Json).text)]);
      for (const text of texts) expect(res.text).not.toContain(JSON.stringify(text).slice(1, -1));
    });

    it('should export a Promptfoo configuration that reruns it', async () => {
      const { body } = await twoVariants();
      const done = await finished((await suite.agent.post('/api/evaluations').send(body).expect(201)).body._id);
      const res = await suite.agent.get(`/api/evaluations/${done._id}/promptfoo.yaml`).expect(200);
      expect(res.headers['content-type']).toBe('application/yaml; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="promptfoo-${done._id}.yaml"`);
      const config = parse(res.text);
      expect(config.providers).toEqual([
        { id: 'openai:chat:gpt-4o', label: 'No examples', prompts: ['No examples'], config: { omitDefaults: true } },
        { id: 'openai:chat:gpt-4o', label: 'Three examples', prompts: ['Three examples'], config: { omitDefaults: true } },
      ]);
      expect(config.tests).toHaveLength(3);
      const [test] = config.tests;
      const item = done.items[0];
      expect(test.assert).toEqual([{ type: 'similar', value: item.original, threshold: 0.8 }]);
      expect(test.vars.messages_1.messages).toEqual([
        { role: 'system', content: item.system },
        { role: 'user', content: item.prompt },
      ]);
      // What Quire sent the variant, as it sent it.
      const sent = chats().find((c) => c.messages.length === 8 && c.messages.at(-1).content === item.prompt)!;
      expect(test.vars.messages_2.messages).toEqual(sent.messages);
    });

    it('should resume after a passing fault without paying for any output twice', async () => {
      const { body } = await twoVariants();
      // The last held-out example, written without examples, fails past the SDK's two retries: the evaluation waits and is tried again.
      const [, , last] = holdoutOf(
        EIGHT.map((topic, i) => ({ uuid: `example-${i}`, topic })),
        3,
      );
      const alone = new RegExp(
        `"role":"system","content":"You write blog sections\\."\\},\\{"role":"user","content":"Write the introduction about ${last.topic}`,
      );
      openai.failChatWhere(alone, 500, 'The server had an error while processing your request.', 3);
      const done = await finished((await suite.agent.post('/api/evaluations').send(body).expect(201)).body._id);
      expect(done).toMatchObject({ status: 'completed', progress: { done: 6, total: 6 } });
      const statuses = openai.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.status);
      expect(statuses.filter((status) => status === 500)).toHaveLength(3);
      expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    });

    it('should refuse what cannot be evaluated, naming the field, and store nothing', async () => {
      const { body, plain } = await twoVariants();
      const refuse = async (changed: Json, field: string, message: string) => {
        const res = (
          await suite.agent
            .post('/api/evaluations')
            .send({ ...body, ...changed })
            .expect(400)
        ).body;
        expect(res.errors).toEqual([{ field, message }]);
      };
      await refuse({ holdout: 8 }, 'holdout', 'must be at most 7: "House style" holds 8 example(s), and one or more must be left to guide the variants');
      await refuse({ holdout: 1 }, 'holdout', 'holdout must be a whole number from 2 to 50');
      await refuse({ variants: [body.variants[0]] }, 'variants', 'variants must be a list of 2 to 4 setups');
      await refuse(
        { variants: [body.variants[0], { ...body.variants[1], label: 'no EXAMPLES' }] },
        'variants.1.label',
        'must differ from the other variants’ labels',
      );
      await refuse(
        { variants: [body.variants[0], { ...body.variants[1], label: 'Tie' }] },
        'variants.1.label',
        '"tie" is how a judgment says neither output wins: name the variant otherwise',
      );
      await refuse(
        { variants: [body.variants[0], { ...body.variants[1], examples_count: 11 }] },
        'variants.1.examples_count',
        'examples_count must be a whole number from 0 to 10',
      );
      const grace = await otherOperatorCookie(suite.t);
      const theirs = (await request(suite.t.http).post('/api/models').set('Cookie', grace).send({ name: 'Theirs', base_model: 'gpt-4o' }).expect(201)).body._id;
      await refuse({ modelId: theirs }, 'modelId', 'is not one of your models');
      await refuse({ variants: [body.variants[0], { ...body.variants[1], model: theirs }] }, 'variants.1.model', 'is not one of your models');
      await suite.agent
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY: '' } })
        .expect(200);
      await suite.agent
        .post('/api/evaluations')
        .send({ ...body, variants: [{ ...body.variants[0] }, { ...body.variants[1], model: plain }] })
        .expect(409);
      expect((await suite.agent.get('/api/evaluations').expect(200)).body).toEqual([]);
    });
  });
});
