import { Metrics } from '../../metrics/metrics';
import { PaceRepository } from './pace.repository';
import { googleRetryDelayMs, parseOpenAiDuration, SharedPace } from './shared-pace.service';

describe('parseOpenAiDuration', () => {
  it.each([
    ['120ms', 120],
    ['1s', 1000],
    ['17.115s', 17_115],
    ['6m0s', 360_000],
    ['1h2m3s', 3_723_000],
    ['0s', 0],
  ])('should read %s as %d ms', (value, ms) => {
    expect(parseOpenAiDuration(value)).toBe(ms);
  });

  it.each([null, undefined, '', 'soon', '5', '-1s', '1s junk'])('should answer undefined when the value is %p', (value) => {
    expect(parseOpenAiDuration(value)).toBeUndefined();
  });
});

describe('googleRetryDelayMs', () => {
  const refusal = (details: unknown) => JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded.', details } });
  const retryInfo = (retryDelay: unknown) => ({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay });

  it.each([
    ['29s', 29_000],
    ['1.5s', 1_500],
    ['0s', 0],
  ])('should read a RetryInfo retryDelay of %s as %d ms', (delay, ms) => {
    const quota = { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] };
    expect(googleRetryDelayMs(refusal([quota, retryInfo(delay)]))).toBe(ms);
  });

  it.each([
    ['no details', refusal(undefined)],
    ['no RetryInfo', refusal([{ '@type': 'type.googleapis.com/google.rpc.Help', links: [] }])],
    ['a delay that is not a Duration', refusal([retryInfo('soon')])],
    ['a delay in minutes', refusal([retryInfo('1m')])],
    ['a body that is not JSON', 'Too Many Requests'],
  ])('should answer undefined for %s', (_, body) => {
    expect(googleRetryDelayMs(body)).toBeUndefined();
  });
});

describe('SharedPace for a model provider', () => {
  const build = () => {
    const repository = { pause: jest.fn().mockResolvedValue(undefined), takeTurn: jest.fn().mockResolvedValue(0) };
    const metrics = { paced: jest.fn() };
    return { sut: new SharedPace(repository as unknown as PaceRepository, metrics as unknown as Metrics), repository };
  };
  const answer = (status: number, headers: Record<string, string> = {}) => new Response('{"type":"error"}', { status, headers });

  it.each([429, 529])('should hold every process for the retry-after a %d asks', async (status) => {
    const { sut, repository } = build();
    await sut.providerAnswered('provider-1', answer(status, { 'retry-after': '3' }));
    expect(repository.pause).toHaveBeenCalledWith(expect.stringMatching(/^[0-9a-f]{64}$/), 3000);
  });

  it("should hold every process for the retryDelay of Gemini's RetryInfo", async () => {
    const { sut, repository } = build();
    const body = {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'You exceeded your current quota. Please retry in 7.2s.',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }],
      },
    };
    await sut.providerAnswered('provider-1', new Response(JSON.stringify(body), { status: 429 }));
    expect(repository.pause).toHaveBeenCalledWith(expect.any(String), 7000);
  });

  it('should hold for a second when the provider does not say how long', async () => {
    const { sut, repository } = build();
    await sut.providerAnswered('provider-1', answer(429));
    expect(repository.pause).toHaveBeenCalledWith(expect.any(String), 1000);
  });

  it('should hold nothing for an answer or another refusal', async () => {
    const { sut, repository } = build();
    await sut.providerAnswered('provider-1', answer(200));
    await sut.providerAnswered('provider-1', answer(400));
    expect(repository.pause).not.toHaveBeenCalled();
  });

  it('should keep each provider its own pace', async () => {
    const { sut, repository } = build();
    await sut.providerTurn('provider-1', 'anthropic');
    await sut.providerTurn('provider-2', 'anthropic');
    expect(repository.takeTurn.mock.calls[0][0]).not.toBe(repository.takeTurn.mock.calls[1][0]);
  });
});
