import request from 'supertest';

type Agent = ReturnType<typeof request.agent>;

export function example(n: number, overrides: Record<string, unknown> = {}) {
  return {
    messages: [
      { role: 'system', content: `You write FAQ sections (${n}).` },
      { role: 'user', content: `Write the FAQ for article ${n}.` },
      { role: 'assistant', content: `## FAQ ${n}\n\nQ: Why?\nA: Because ${n}.` },
    ],
    clusterId: n % 3,
    uuid: `section-${n}`,
    article_uuid: `article-${n}`,
    ...overrides,
  };
}

export async function createModel(agent: Agent, name = 'Blog voice', base_model = 'gpt-4o', examples = 0): Promise<string> {
  const res = await agent.post('/api/models').send({ name, base_model }).expect(201);
  for (let n = 1; n <= examples; n++) {
    await agent
      .post(`/api/models/${res.body._id}/add-example`)
      .send({ example: example(n) })
      .expect(201);
  }
  return res.body._id;
}

/**
 * A count that must stay exact: checked now, then again after `quietMs` of quiet, so a late
 * duplicate (a lingering retry, a second worker) is seen rather than missed.
 */
export async function staysExactly(count: () => number, expected: number, quietMs = 1500): Promise<void> {
  expect(count()).toBe(expected);
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  expect(count()).toBe(expected);
}

/** Polls until the check passes (background work) or fails with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  let value = await read();
  while (!done(value)) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

export function sectionBody(modelId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'FAQ',
    model: modelId,
    temperature: 0.7,
    logit_bias_group: null,
    system_message: 'You write FAQ sections for {{client}}.',
    user_message: 'Write the FAQ for {{title}}.',
    notes: 'Three questions.',
    ...overrides,
  };
}

export async function createSection(agent: Agent, modelId: string, overrides: Record<string, unknown> = {}) {
  const res = await agent.post('/api/sections').send(sectionBody(modelId, overrides)).expect(201);
  return res.body as {
    _id: string;
    name: string;
    logit_bias_group: string | null;
    model: string;
    temperature: number;
    system_message: string;
    user_message: string;
  };
}

/** What the dashboard sends for a chosen section (spec §5): heading = name, prompts, model, temperature, bias group. */
export function snapshotOf(section: Awaited<ReturnType<typeof createSection>>, withBias = true) {
  return {
    section: section._id,
    heading: section.name,
    systemPrompt: section.system_message,
    userPrompt: section.user_message,
    model: section.model,
    temperature: section.temperature,
    ...(withBias ? { logit_bias_group: section.logit_bias_group } : {}),
  };
}
