import { ApiError as GeminiApiError, GenerateContentParameters, GoogleGenAI, ThinkingLevel } from '@google/genai';
import { GeminiFake } from '../../../../test/fakes/gemini-fake';
import { promptTokens } from '../../../../test/fakes/written-text';
import { geminiAnswer, geminiClient, geminiCountTokens, geminiError, geminiGenerate } from './gemini.client';

/**
 * The Gemini simulator's generateContent (test/fakes/gemini-fake.ts), driven through the real
 * `@google/genai` SDK as Quire drives it (Quire's client, Node's fetch): it refuses what the Gemini
 * API refuses, in Google's error shape and words.
 */

const gemini = new GeminiFake();
let client: GoogleGenAI;

beforeAll(async () => {
  await gemini.start();
  client = geminiClient(gemini.apiKey, gemini.baseUrl, fetch, 1);
});
afterAll(() => gemini.stop());
beforeEach(() => gemini.reset());
afterEach(() => expect(gemini.crashes).toEqual([]));

type Config = NonNullable<GenerateContentParameters['config']>;

/** A generateContent request as Quire might build it, on v1beta unless told (`extraBody` adds what the SDK does not type). */
function generate(config: Config = {}, model = 'gemini-2.5-flash', extraBody?: Record<string, unknown>) {
  return client.models.generateContent({
    model,
    contents: [{ role: 'user', parts: [{ text: 'Write the intro.' }] }],
    config: { ...config, httpOptions: { apiVersion: 'v1beta', ...config.httpOptions, ...(extraBody ? { extraBody } : {}) } },
  });
}

/** What Google answered a refused request with: status, status name and words. */
async function refusal(request: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await request.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof GeminiApiError)) throw new Error(`not refused by Gemini: ${String(error)}`);
  const body = JSON.parse(error.message) as { error: { code: number; status: string; message: string } };
  expect(body.error.code).toBe(error.status);
  return { status: error.status, code: body.error.status, message: body.error.message };
}

describe('The Gemini simulator writes as Gemini’s generateContent does', () => {
  it('answers a candidate with the text, the words to avoid left out, and usage, on v1beta with the key in x-goog-api-key', async () => {
    const texts = [
      'You write for a travel site. Avoid these words: quick, "lazy".',
      'An example, please.',
      'Sunny coves and quiet harbours.',
      'Write about the quick brown fox and the lazy dog',
    ];
    const answer = await geminiGenerate(client, {
      model: 'gemini-2.5-flash',
      system: texts[0],
      messages: [
        { role: 'user', content: texts[1] },
        { role: 'assistant', content: texts[2] },
        { role: 'user', content: texts[3] },
      ],
      temperature: 0.4,
    });
    expect(answer.content).toBe('Written by gemini-2.5-flash for: Write about the brown fox and the dog\n\nSunny coves and quiet harbours.');
    // 2.5 Flash thinks unless told otherwise: its thoughts are counted as output, apart from the text.
    expect(answer.usage).toEqual({
      promptTokens: promptTokens(texts),
      completionTokens: Math.ceil(answer.content.length / 4) + 96,
      cachedTokens: 0,
      reasoningTokens: 96,
    });
    const sent = gemini.requests.find((r) => r.method === 'POST')!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe(gemini.apiKey);
    expect(JSON.parse(sent.body)).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'An example, please.' }] },
        { role: 'model', parts: [{ text: 'Sunny coves and quiet harbours.' }] },
        { role: 'user', parts: [{ text: 'Write about the quick brown fox and the lazy dog' }] },
      ],
      systemInstruction: { parts: [{ text: 'You write for a travel site. Avoid these words: quick, "lazy".' }] },
      generationConfig: { temperature: 0.4 },
    });
  });

  it('puts a thought part before the text when asked to include thoughts, which Quire does not read as the article', async () => {
    const response = await generate({ thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } });
    const parts = response.candidates?.[0]?.content?.parts ?? [];
    expect(parts.map((p) => p.thought ?? false)).toEqual([true, false]);
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(geminiAnswer(response)).toEqual({
      content: 'Written by gemini-2.5-flash for: Write the intro.',
      usage: { promptTokens: 4, completionTokens: 13 + 96, cachedTokens: 0, reasoningTokens: 96 },
    });
    // A budget of 0 turns thinking off: no thoughts counted.
    expect((await generate({ thinkingConfig: { thinkingBudget: 0 } })).usageMetadata?.thoughtsTokenCount).toBeUndefined();
  });

  it('cuts the text at maxOutputTokens and says MAX_TOKENS', async () => {
    const response = await generate({ maxOutputTokens: 3 });
    expect(response.candidates?.[0]).toMatchObject({ finishReason: 'MAX_TOKENS', content: { parts: [{ text: 'Written by g' }] } });
  });

  it('refuses a name the request does not declare, at the top or nested, in Google’s words', async () => {
    expect(await refusal(generate({}, 'gemini-2.5-flash', { reasoning_effort: 'high' }))).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'Invalid JSON payload received. Unknown name "reasoning_effort": Cannot find field.',
    });
    expect((await refusal(generate({ temperature: 1 }, 'gemini-2.5-flash', { generationConfig: { logitBias: {} } }))).message).toBe(
      `Invalid JSON payload received. Unknown name "logitBias" at 'generation_config': Cannot find field.`,
    );
    expect(
      (await refusal(generate({ thinkingConfig: { thinkingBudget: 1024 } }, 'gemini-2.5-flash', { generationConfig: { thinkingConfig: { effort: 1 } } })))
        .message,
    ).toBe(`Invalid JSON payload received. Unknown name "effort" at 'generation_config.thinking_config': Cannot find field.`);
  });

  it('refuses systemInstruction and thinkingConfig on v1, the SDK’s default version, which declares neither', async () => {
    const onV1 = (config: Config) => generate({ ...config, httpOptions: { apiVersion: 'v1' } });
    expect((await refusal(onV1({ systemInstruction: 'Be brief.' }))).message).toBe(
      'Invalid JSON payload received. Unknown name "systemInstruction": Cannot find field.',
    );
    expect((await refusal(onV1({ thinkingConfig: { thinkingBudget: 0 } }))).message).toBe(
      `Invalid JSON payload received. Unknown name "thinkingConfig" at 'generation_config': Cannot find field.`,
    );
    expect((await onV1({ temperature: 0.2 })).candidates?.[0]?.finishReason).toBe('STOP');
    expect(gemini.requests.at(-1)?.path).toBe('/v1/models/gemini-2.5-flash:generateContent');
  });

  it('counts a prompt’s tokens at countTokens as generateContent’s usage counts them, refusing a name CountTokensRequest does not declare', async () => {
    const text = 'Write about the quick brown fox, please.';
    expect(await geminiCountTokens(client, 'gemini-2.5-flash', text)).toBe(promptTokens([text]));
    const [sent] = gemini.requests.filter((r) => r.method === 'POST');
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:countTokens');
    expect(JSON.parse(sent.body)).toEqual({ contents: [{ role: 'user', parts: [{ text }] }] });
    expect((await geminiGenerate(client, { model: 'gemini-2.5-flash', system: '', messages: [{ role: 'user', content: text }] })).usage.promptTokens).toBe(
      promptTokens([text]),
    );

    const count = (model: string, extraBody?: Record<string, unknown>) =>
      client.models.countTokens({ model, contents: text, config: { httpOptions: { apiVersion: 'v1beta', ...(extraBody ? { extraBody } : {}) } } });
    expect(await refusal(count('gemini-2.5-flash', { maxOutputTokens: 10 }))).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'Invalid JSON payload received. Unknown name "maxOutputTokens": Cannot find field.',
    });
    expect(await refusal(count('imagen-4.0-generate-001'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message:
        'models/imagen-4.0-generate-001 is not found for API version v1beta, or is not supported for countTokens. Call ListModels to see the list of available models and their supported methods.',
    });
  });

  it('answers 404 NOT_FOUND for a model the key does not list, naming the API version asked', async () => {
    expect(await refusal(generate({}, 'gemini-1.0-pro'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message:
        'models/gemini-1.0-pro is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
    });
    expect((await refusal(generate({}, 'gemini-embedding-001'))).status).toBe(404);
  });

  it('refuses a request without contents, and a content without parts', async () => {
    expect(await refusal(generate({}, 'gemini-2.5-flash', { contents: [] }))).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: '* GenerateContentRequest.contents: contents is not specified\n',
    });
    expect((await refusal(generate({}, 'gemini-2.5-flash', { contents: [{ role: 'user', parts: [] }] }))).message).toBe(
      '* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.\n',
    );
  });

  it('refuses a role other than user and model (the system prompt goes in systemInstruction)', async () => {
    for (const role of ['system', 'assistant']) {
      expect(await refusal(generate({}, 'gemini-2.5-flash', { contents: [{ role, parts: [{ text: 'Be brief.' }] }] }))).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENT',
        message: 'Please use a valid role: user, model.',
      });
    }
  });

  it('refuses a temperature outside 0–2', async () => {
    const refused = await refusal(generate({ temperature: 2.5 }));
    expect(refused).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' });
    expect(refused.message).toMatch(/generation_config\.temperature/);
    expect((await generate({ temperature: 2 })).candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('refuses any thinking config for a model that does not think', async () => {
    gemini.thinkingRefused.add('gemini-2.5-flash');
    expect(await refusal(generate({ thinkingConfig: { thinkingBudget: 1024 } }))).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'Thinking is not enabled for models/gemini-2.5-flash',
    });
    expect((await refusal(generate({ thinkingConfig: { thinkingLevel: ThinkingLevel.HIGH } }))).message).toBe(
      'Thinking is not enabled for models/gemini-2.5-flash',
    );
    expect((await generate()).candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('refuses a thinking level for a Gemini 2.5 model, which takes a budget, and takes either on Gemini 3 — not both at once', async () => {
    expect(await refusal(generate({ thinkingConfig: { thinkingLevel: ThinkingLevel.LOW } }))).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'Thinking level is not supported for this model.',
    });
    expect((await generate({ thinkingConfig: { thinkingLevel: ThinkingLevel.LOW } }, 'gemini-3-pro-preview')).usageMetadata?.thoughtsTokenCount).toBe(16);
    expect((await generate({ thinkingConfig: { thinkingBudget: 2048 } }, 'gemini-3-pro-preview')).usageMetadata?.thoughtsTokenCount).toBe(96);
    expect((await refusal(generate({ thinkingConfig: { thinkingLevel: ThinkingLevel.HIGH, thinkingBudget: 2048 } }, 'gemini-3-pro-preview'))).status).toBe(400);
    expect(
      (await refusal(generate({ thinkingConfig: {} }, 'gemini-3-pro-preview', { generationConfig: { thinkingConfig: { thinkingLevel: 'EXTREME' } } }))).message,
    ).toMatch(/^Invalid value at 'generation_config\.thinking_config\.thinking_level'/);
  });

  it('refuses a budget for a model made to take only a level', async () => {
    gemini.budgetRefused.add('gemini-3-pro-preview');
    expect((await refusal(generate({ thinkingConfig: { thinkingBudget: 1024 } }, 'gemini-3-pro-preview'))).message).toBe(
      'Thinking budget is not supported for this model.',
    );
    gemini.reset();
    expect((await generate({ thinkingConfig: { thinkingBudget: 1024 } }, 'gemini-3-pro-preview')).candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('refuses a budget of 0 for a model that only works thinking, and a budget outside the model’s range', async () => {
    expect(await refusal(generate({ thinkingConfig: { thinkingBudget: 0 } }, 'gemini-2.5-pro'))).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'Budget 0 is invalid. This model only works in thinking mode.',
    });
    expect((await refusal(generate({ thinkingConfig: { thinkingBudget: 52428 } }))).message).toBe('The thinking budget (52428) is invalid.');
    expect((await refusal(generate({ thinkingConfig: { thinkingBudget: 100 } }, 'gemini-2.5-flash-lite'))).message).toBe(
      'The thinking budget (100) is invalid.',
    );
    expect((await generate({ thinkingConfig: { thinkingBudget: -1 } }, 'gemini-2.5-pro')).candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('answers 429 and 503 when told to, which Quire reports in Google’s words as worth trying again', async () => {
    gemini.failNext(/:generateContent$/, 429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).');
    const limited = geminiError(await generate().catch((e: unknown) => e), 'write section "Intro"');
    expect(limited).toMatchObject({ upstreamStatus: 429, transient: true });
    gemini.failNext(/:generateContent$/, 503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
    const unavailable = geminiError(await generate().catch((e: unknown) => e), 'write section "Intro"');
    expect(unavailable).toMatchObject({
      message: 'Gemini: is unavailable (write section "Intro"); try again in a minute. Gemini said: The model is overloaded. Please try again later.',
      upstreamStatus: 503,
      transient: true,
    });
    expect((await generate()).candidates?.[0]?.finishReason).toBe('STOP');
  });
});
