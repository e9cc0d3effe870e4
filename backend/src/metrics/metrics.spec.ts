import type { AppConfig } from '../config/config';
import type { DatabaseService } from '../database/database.service';
import { Metrics } from './metrics';

describe('Metrics', () => {
  const rows: unknown[] = [];
  const database = { sqlRunner: { executeSql: jest.fn(async () => ({ rows })) } } as unknown as DatabaseService;
  const build = () => new Metrics({ metricsToken: null } as AppConfig, database);
  const sample = async (metrics: Metrics, name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;

  it("should count each vendor request by the status of its answer, its failure's response, or 'network', and a 429 as a rate limit", async () => {
    const metrics = build();
    await expect(metrics.vendorRequest('notion', false, async () => new Response('slow down', { status: 429 }))).resolves.toMatchObject({ status: 429 });
    await metrics.vendorRequest('notion', true, async () => new Response('{}', { status: 200 }));
    const noAnswer = new TypeError('fetch failed');
    await expect(metrics.vendorRequest('openai', false, () => Promise.reject(noAnswer))).rejects.toBe(noAnswer);
    // An SDK's error (gaxios) carries the response it failed on.
    await expect(
      metrics.vendorRequest('google', true, () => Promise.reject(Object.assign(new Error('Forbidden'), { response: { status: 403 } }))),
    ).rejects.toThrow('Forbidden');
    // A plain answer without a status (an SDK's parsed body) counts as a 200.
    await metrics.vendorRequest('google', false, async () => ({ data: {} }));

    expect(await sample(metrics, 'quire_vendor_calls_total')).toEqual([
      expect.objectContaining({ labels: { vendor: 'notion', status: '429', retry: 'false' }, value: 1 }),
      expect.objectContaining({ labels: { vendor: 'notion', status: '200', retry: 'true' }, value: 1 }),
      expect.objectContaining({ labels: { vendor: 'openai', status: 'network', retry: 'false' }, value: 1 }),
      expect.objectContaining({ labels: { vendor: 'google', status: '403', retry: 'true' }, value: 1 }),
      expect.objectContaining({ labels: { vendor: 'google', status: '200', retry: 'false' }, value: 1 }),
    ]);
    expect(await sample(metrics, 'quire_vendor_rate_limited_total')).toEqual([expect.objectContaining({ labels: { vendor: 'notion' }, value: 1 })]);
  });

  it('should add up pace waits in seconds, leaving out turns that did not wait', async () => {
    const metrics = build();
    metrics.paced('notion', 0);
    metrics.paced('notion', 250);
    metrics.paced('notion', 500);

    expect(await sample(metrics, 'quire_pace_wait_seconds_total')).toEqual([expect.objectContaining({ labels: { vendor: 'notion' }, value: 0.75 })]);
    expect(await sample(metrics, 'quire_pace_waits_total')).toEqual([expect.objectContaining({ labels: { vendor: 'notion' }, value: 2 })]);
  });

  it('should count tokens of every kind, and a cost only where the price is known', async () => {
    const metrics = build();
    metrics.spent('gpt-4o', { promptTokens: 100, completionTokens: 40, cachedTokens: 20, reasoningTokens: 0 }, 0.0006);
    metrics.spent('gpt-6-mystery', { promptTokens: 10, completionTokens: 5, cachedTokens: 0, reasoningTokens: 3 }, null);

    const tokens = await sample(metrics, 'quire_openai_tokens_total');
    expect(tokens).toContainEqual(expect.objectContaining({ labels: { model: 'gpt-4o', kind: 'cached' }, value: 20 }));
    expect(tokens).toContainEqual(expect.objectContaining({ labels: { model: 'gpt-6-mystery', kind: 'reasoning' }, value: 3 }));
    expect(await sample(metrics, 'quire_openai_cost_usd_total')).toEqual([expect.objectContaining({ labels: { model: 'gpt-4o' }, value: 0.0006 })]);
  });

  it('should still answer a scrape when the queues cannot be read', async () => {
    const metrics = build();
    (database.sqlRunner.executeSql as jest.Mock).mockRejectedValueOnce(new Error('connection lost'));

    await expect(metrics.text()).resolves.toContain('# TYPE quire_queue_jobs gauge');
  });
});
