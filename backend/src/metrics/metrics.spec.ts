import type { AppConfig } from '../config/config';
import type { DatabaseService } from '../database/database.service';
import { Metrics } from './metrics';

describe('Metrics', () => {
  const rows: unknown[] = [];
  const database = { sqlRunner: { executeSql: jest.fn(async () => ({ rows })) } } as unknown as DatabaseService;
  const build = () => new Metrics({ metricsToken: null } as AppConfig, database);
  const sample = async (metrics: Metrics, name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;

  it('should count a 429 among the vendor calls and as a rate limit of its vendor', async () => {
    const metrics = build();
    metrics.vendorCall('notion', 429, false);
    metrics.vendorCall('notion', 200, true);
    metrics.vendorCall('openai', 'network', false);

    expect(await sample(metrics, 'quire_vendor_calls_total')).toEqual([
      expect.objectContaining({ labels: { vendor: 'notion', status: '429', retry: 'false' }, value: 1 }),
      expect.objectContaining({ labels: { vendor: 'notion', status: '200', retry: 'true' }, value: 1 }),
      expect.objectContaining({ labels: { vendor: 'openai', status: 'network', retry: 'false' }, value: 1 }),
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
