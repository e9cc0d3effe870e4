import { HttpFake } from '../fakes/http-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { eventually } from '../support/fixtures';
import { useTestApp } from '../support/use-test-app';

const WORDS = 'go up me no we it on at by do if in is of or so to us an as'.split(' ');
/** `n` short words that cl100k_base counts as one token each. */
const words = (n: number, offset: number) => Array.from({ length: n }, (_, i) => WORDS[(i * 7 + offset) % WORDS.length]).join(' ');
/** One section of 9,000 tokens and 38 of 8,000: over 300,000 tokens together, in a page of about 1 MB. */
const SECTIONS = [words(9_000, 99), ...Array.from({ length: 38 }, (_, i) => words(8_000, i))];

const page = `<!doctype html><html><head><title>Long reads</title><meta property="article:published_time" content="2024-05-01"></head>
<body><main><article><h1>Long reads</h1><p>An article whose sections are far longer than most.</p>
${SECTIONS.map((text, i) => `<h2>Part ${i + 1}</h2><p>${text}</p>`).join('\n')}
</article></main></body></html>`;

describe('Embeddings within OpenAI limits', () => {
  const openai = new OpenAiFake();
  const site = new HttpFake((req, res) => {
    if (req.path !== '/long-reads.html') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  const t = useTestApp({
    fakes: [openai, site],
    env: () => ({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true', CRAWL_HOST_DELAY_MS: '0', OPENAI_BASE_URL: openai.baseUrl }),
    signIn: 'local',
  });
  beforeEach(async () => {
    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
  });

  const jobOf = async (id: string) => (await t.agent.get(`/api/training-jobs/${id}`).expect(200)).body;

  it('should keep each request under 300,000 tokens and cut an input over 8,192, saying so in the job message', async () => {
    const submitted = (
      await t.agent
        .post('/api/training-jobs/submit-url')
        .send({ url: `${site.url}/long-reads.html`, clustering: 'embeddings' })
        .expect(201)
    ).body;
    const job = await eventually(
      () => jobOf(submitted._id),
      (j) => j.status === 'completed' || j.status === 'failed',
      60_000,
    );
    expect(job.status).toBe('completed');
    expect(job.meta.progress).toMatchObject({ articles: 1, sections: SECTIONS.length });
    expect(job.message).toBe(
      '1 page gave sections, 0 intro only, 0 nothing. 1 section(s) were longer than the 8,192 tokens OpenAI embeds at once; only their first 8,192 tokens were embedded.',
    );

    // Every request the simulator accepted (it refuses any input over 8,192 tokens and any request over 300,000).
    expect(openai.embeddedInputs).toBe(1 + SECTIONS.length);
    const requests = openai.embeddingRequests;
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const counts of requests) {
      expect(Math.max(...counts)).toBeLessThanOrEqual(8_192);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(300_000);
    }
    expect(requests.flat().filter((n) => n > 8_180)).toHaveLength(1);
  });
});
