import { eventually } from '../support/fixtures';
import { SECTION_HEADINGS, setUpGeneration } from '../support/generation-fixtures';
import { POSTGRES_URL, processSuite } from '../support/process-suite';
import { startServerProcess, ServerProcess } from '../support/server-process';

/** Bulk writing across real server processes: bulk writing goes on after a crash mid-round, and two servers never send a section twice. */
describe('Bulk writing across server processes', () => {
  const suite = processSuite({ NOTION_POLL_SECONDS: '1', BULK_POLL_MS: '100' });
  const { notion, openai, servers, signIn } = suite;

  async function setUpBulk(server: ServerProcess) {
    const agent = await signIn(server);
    const { article } = await setUpGeneration(agent, notion, openai);
    await agent.put(`/api/articles/${article._id}`).send({ bulk: true }).expect(200);
    return agent;
  }

  const addRows = (n: number) =>
    Array.from({ length: n }, (_, i) => notion.addRow({ title: `Laptop ${i + 1}`, status: 'Start Generating', type: 'Guide', extra: { Keyword: `k${i}` } }));
  const inputLines = () =>
    [...openai.files.values()]
      .filter((f) => f.purpose === 'batch')
      .flatMap((f) => f.content.split('\n').filter(Boolean))
      .map((line) => (JSON.parse(line) as { custom_id: string }).custom_id);
  const executedTwice = () => {
    const seen = new Map<string, number>();
    for (const line of openai.executedLines) seen.set(line.customId, (seen.get(line.customId) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1);
  };
  const allWritten = (pages: string[]) =>
    eventually(
      async () => pages.map((id) => notion.statusOf(id)),
      (statuses) => statuses.every((s) => s === 'Posts Generated'),
      120_000,
    );
  function expectDeliveredOnce(pages: string[]): void {
    for (const id of pages) expect(notion.bodyOf(id).filter((line) => line.startsWith('heading_2: '))).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
  }

  it('should pick up the batch in flight after the server is killed mid-round, paying and appending each section once', async () => {
    openai.batchScript = [{ hold: true, expireAfter: 0.5 }];
    const first = await startServerProcess(suite.env);
    servers.push(first);
    await setUpBulk(first);
    const pages = addRows(4);
    const [held] = await eventually(
      async () => [...openai.batches.values()],
      (batches) => batches.length === 1 && batches[0].status === 'in_progress' && openai.executedLines.length === 2,
      30_000,
    );
    await first.kill();
    // OpenAI carries on while Quire is down: the batch finishes its lines.
    openai.releaseBatch(held.id);

    const second = await startServerProcess(suite.env);
    servers.push(second);
    await allWritten(pages);
    expectDeliveredOnce(pages);
    expect(executedTwice()).toEqual([]);
    // One line per section: the restarted server made no second batch for the lines in flight.
    expect(inputLines()).toHaveLength(12);
    expect(new Set(inputLines()).size).toBe(12);
    const history = (await (await signIn(second)).get('/api/history').expect(200)).body as { status: string }[];
    expect(history.map((e) => e.status)).toEqual(Array(4).fill('completed'));
    await second.stop();
  }, 240_000);

  // Two processes can share only a PostgreSQL server; the embedded database belongs to one process.
  (POSTGRES_URL ? it : it.skip)(
    'should never send, pay or append a section twice with two server processes on one PostgreSQL',
    async () => {
      const [a, b] = await Promise.all([startServerProcess(suite.env), startServerProcess(suite.env)]);
      servers.push(a, b);
      await setUpBulk(a);
      const pages = addRows(6);
      await allWritten(pages);
      expectDeliveredOnce(pages);
      expect(executedTwice()).toEqual([]);
      // One line per section, each in one file; what the batches did is in the diff if not.
      const sent = inputLines();
      expect({
        lines: sent.length,
        again: sent.filter((id, i) => sent.indexOf(id) !== i),
        retried: sent.filter((id) => !id.endsWith(':1')),
        batches: [...openai.batches.values()].map((b) => `${b.status} ${b.parsed.lines.length} ${b.errors?.map((e) => e.code).join(',') ?? ''}`.trim()),
      }).toEqual({ lines: 18, again: [], retried: [], batches: expect.any(Array) });
      expect(openai.requestsTo('POST', /^\/v1\/chat\/completions$/)).toHaveLength(0);
      await Promise.all([a.stop(), b.stop()]);
    },
    180_000,
  );
});
