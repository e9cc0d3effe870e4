import parsePrometheusTextFormat, { PrometheusFamily } from 'parse-prometheus-text-format';
import request from 'supertest';
import { JobsService } from '../../backend/src/jobs/jobs.service';
import { eventually } from '../support/fixtures';
import { generationSuite } from '../support/generation-fixtures';
import { useTestApp } from '../support/use-test-app';

const TOKEN = 'scrape-me-7f3a9c1e5b2d4f60';

/** The families of a scrape, by name, parsed as Prometheus would parse them. */
function parse(text: string): Map<string, PrometheusFamily> {
  return new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
}

/** The value of the series of `name` whose labels include `labels` (summed over the others), 0 when none. */
function valueOf(families: Map<string, PrometheusFamily>, name: string, labels: Record<string, string> = {}): number {
  return (families.get(name)?.metrics ?? [])
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);
}

/** GET /api/metrics in Prometheus' text format, off unless METRICS_TOKEN is set, then only with it. */
describe('Metrics for Prometheus', () => {
  describe('with METRICS_TOKEN set', () => {
    const suite = generationSuite({ METRICS_TOKEN: TOKEN, GENERATION_CONCURRENCY: '2', GENERATION_RETRY_SECONDS: '1' });
    const { notion, openai, google, history, settled, checkNow } = suite;
    const scrape = async () => {
      const res = await request(suite.t.http).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain;/);
      expect(res.headers['content-type']).toContain('version=0.0.4');
      return parse(res.text);
    };

    it('should answer only the bearer of the token, with no session needed, and say how to authenticate', async () => {
      const anonymous = request(suite.t.http);
      const none = await anonymous.get('/api/metrics').expect(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="quire-metrics"');
      expect(none.body.message).toBe('GET /api/metrics needs Authorization: Bearer with the METRICS_TOKEN.');
      await anonymous.get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
      await anonymous.get('/api/metrics').set('Authorization', TOKEN).expect(401);
      // A session is not a token.
      await suite.agent.get('/api/metrics').expect(401);
      // Nothing else opens without a session.
      await anonymous.get('/api/sections').set('Authorization', `Bearer ${TOKEN}`).expect(401);
      await scrape();
    });

    it('should count requests by route, articles and sections, vendor calls with their retries, tokens and cost by model, and read the process', async () => {
      const before = await scrape();
      openai.failNext('POST', /^\/v1\/chat\/completions$/, 500, 'The server had an error while processing your request.', 1);
      notion.addRow({ title: 'Counted', status: 'Start Generating', type: 'Guide', client: 'acme', extra: { Keyword: 'k' } });
      await checkNow();
      await eventually(history, (e) => settled(e, 1), 30_000);
      expect(google.files).toHaveLength(1);
      await suite.agent.get('/api/sections/not-a-uuid').expect(404);

      const after = await scrape();
      const grew = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
      expect(grew('quire_articles_total', { outcome: 'completed' })).toBe(1);
      expect(grew('quire_articles_total', { outcome: 'failed' })).toBe(0);
      expect(grew('quire_sections_total', { outcome: 'written' })).toBe(3);
      // The SDK retried the 500 once: both attempts are counted, the second as a retry.
      expect(grew('quire_vendor_calls_total', { vendor: 'openai', status: '500', retry: 'false' })).toBe(1);
      expect(grew('quire_vendor_calls_total', { vendor: 'openai', status: '200', retry: 'true' })).toBe(1);
      expect(grew('quire_vendor_calls_total', { vendor: 'openai', status: '200' })).toBeGreaterThanOrEqual(3);
      expect(grew('quire_vendor_calls_total', { vendor: 'notion', status: '200' })).toBeGreaterThan(3);
      expect(grew('quire_vendor_calls_total', { vendor: 'google', status: '200' })).toBeGreaterThanOrEqual(2);
      const chats = openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length;
      expect(chats).toBe(4);
      expect(grew('quire_openai_tokens_total', { model: 'gpt-4o', kind: 'prompt' })).toBeGreaterThan(0);
      expect(grew('quire_openai_tokens_total', { model: 'gpt-4o', kind: 'completion' })).toBeGreaterThan(0);
      expect(grew('quire_openai_cost_usd_total', { model: 'gpt-4o' })).toBeGreaterThan(0);
      expect(grew('quire_http_requests_total', { method: 'GET', route: '/api/history', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(grew('quire_http_requests_total', { method: 'GET', route: '/api/sections/:id', status: '404' })).toBe(1);
      // Ids never become labels.
      expect(after.get('quire_http_requests_total')!.metrics.every((m) => !/not-a-uuid/.test(m.labels!.route))).toBe(true);
      expect(after.get('quire_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
      expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
    });

    it('should show the jobs waiting in each queue, the age of the oldest, and those due later', async () => {
      const jobs = suite.t.app.get(JobsService);
      await jobs.send('metrics-idle', { jobId: 'a' });
      await jobs.send('metrics-idle', { jobId: 'b' });
      await jobs.send('metrics-idle', { jobId: 'c' }, { startAfter: 3600 });
      await new Promise((resolve) => setTimeout(resolve, 1100));

      const families = await scrape();

      expect(valueOf(families, 'quire_queue_jobs', { queue: 'metrics-idle', state: 'waiting' })).toBe(2);
      expect(valueOf(families, 'quire_queue_jobs', { queue: 'metrics-idle', state: 'scheduled' })).toBe(1);
      expect(valueOf(families, 'quire_queue_oldest_job_age_seconds', { queue: 'metrics-idle' })).toBeGreaterThanOrEqual(1);
    });
  });

  describe('without METRICS_TOKEN', () => {
    const t = useTestApp({ signIn: 'local' });

    it('should not exist, even for a signed-in operator, and stay closed to everyone else', async () => {
      const res = await t.agent.get('/api/metrics').expect(404);
      expect(res.body.message).toBe('Cannot GET /api/metrics');
      await request(t.http).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(401);
    });
  });
});
