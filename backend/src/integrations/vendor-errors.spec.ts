import { APIError as AnthropicApiError } from '@anthropic-ai/sdk';
import { ApiError as GeminiApiError } from '@google/genai';
import { APIError as OpenAiApiError } from 'openai';
import { anthropicError } from './anthropic/anthropic.client';
import { geminiError } from './gemini/gemini.client';
import { compatibleError } from './openai-compatible/compatible.client';

const anthropic = (status: number, type: string, message: string) =>
  AnthropicApiError.generate(status, { type: 'error', error: { type, message }, request_id: 'req_1' }, undefined, new Headers());
const gemini = (status: number, code: string, message: string, reason?: string) =>
  new GeminiApiError({ status, message: JSON.stringify({ error: { code: status, message, status: code, ...(reason ? { details: [{ reason }] } : {}) } }) });

describe("A model provider's failure, in its vendor's words", () => {
  it("keeps Anthropic's status and words, and tells overload and rate limits apart from refusals", () => {
    expect(anthropicError(anthropic(400, 'invalid_request_error', 'max_tokens: Field required'), 'write section "Intro"')).toMatchObject({
      message: 'Anthropic: could not write section "Intro": max_tokens: Field required',
      upstreamStatus: 400,
      transient: false,
    });
    expect(anthropicError(anthropic(529, 'overloaded_error', 'Overloaded'), 'list the models')).toMatchObject({
      message: 'Anthropic: is overloaded (list the models); try again in a minute.',
      transient: true,
    });
    expect(anthropicError(anthropic(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit'), 'list the models').transient).toBe(true);
    expect(anthropicError(anthropic(404, 'not_found_error', 'model: claude-2.0'), 'write').message).toBe('Anthropic: could not write: model: claude-2.0');
  });

  it("reads Gemini's status name and reason from the body the SDK puts in its message", () => {
    expect(geminiError(gemini(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID'), 'list').message).toBe(
      'Gemini: rejected the API key of this connection while trying to list; check the key on Home › Model providers. Gemini said: API key not valid. Please pass a valid API key.',
    );
    expect(geminiError(gemini(404, 'NOT_FOUND', 'models/gemini-1.0-pro is not found for API version v1.'), 'write')).toMatchObject({
      message: 'Gemini: could not write: models/gemini-1.0-pro is not found for API version v1.',
      transient: false,
    });
    expect(geminiError(gemini(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted.'), 'write').transient).toBe(true);
  });

  it('names an OpenAI-compatible server by its connection, and never repeats an error without an answer', () => {
    expect(
      compatibleError(
        'Local vLLM',
        OpenAiApiError.generate(400, { error: { message: 'Unrecognized request argument supplied: reasoning_effort' } }, undefined, new Headers()),
        'write',
      ).message,
    ).toBe('"Local vLLM": could not write: Unrecognized request argument supplied: reasoning_effort');
    const echo = new TypeError('fetch failed: Bearer secret-token');
    expect(compatibleError('Local vLLM', echo, 'write').message).toBe(
      '"Local vLLM": could not be reached to write: the request could not be sent. Check the address on Home › Model providers.',
    );
  });
});
