import { sql } from 'drizzle-orm';
import { eventually } from './fixtures';
import { generationSuite, SECTION_HEADINGS } from './generation-fixtures';

/** What the bulk writing specs share, whatever the vendor: rows to write, the sections saved, the waits for them, each row delivered once, a cancel half-way. */
export function bulkHelpers(suite: ReturnType<typeof generationSuite>) {
  const { notion, history, settled } = suite;
  /** n rows of the template, "Start Generating". */
  const rows = (n: number, prefix = 'Laptop') =>
    Array.from({ length: n }, (_, i) => notion.addRow({ title: `${prefix} ${i + 1}`, status: 'Start Generating', type: 'Guide', extra: { Keyword: `k${i}` } }));
  /** Every section saved, by article and position. */
  const sectionRows = async () =>
    (
      (await suite.t.database.db.execute(sql`select job_id, position, batch from generation_sections order by job_id, position`)) as unknown as {
        rows: { job_id: string; position: number; batch: boolean }[];
      }
    ).rows;
  /** History once its n entries all show their batch in progress. */
  const inProgress = (n: number) =>
    eventually(
      async () => (await suite.agent.get('/api/history').expect(200)).body as { meta: { bulk: { batch_status: string } | null } }[],
      (e) => e.length === n && e.every((x) => x.meta.bulk?.batch_status === 'in_progress'),
      20_000,
    );
  return {
    rows,
    sectionRows,
    /** History once its n entries have all completed or failed. */
    done: (n: number) => eventually(history, (e) => settled(e, n), 60_000),
    /** Each row in Notion: done, every section appended once. */
    expectDeliveredOnce(pageIds: string[]): void {
      for (const id of pageIds) {
        expect(notion.statusOf(id)).toBe('Posts Generated');
        expect(notion.bodyOf(id).filter((line) => line.startsWith('heading_2: '))).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
      }
    },
    /**
     * Four rows whose first round's batch the vendor's script holds after its half, and "Cancel
     * bulk" once `ran()` (the requests the vendor has run, one after another) says that half is
     * done: the rows show the error status, the two written sections are taken and kept, nothing
     * is left in flight. Answers the rows and History then.
     */
    async cancelHalfWay(ran: () => number) {
      const pages = rows(4);
      await suite.checkNow();
      await inProgress(4);
      expect((await suite.agent.get('/api/bulk').expect(200)).body).toMatchObject({ batches: 1, lines: 4, articles: 4 });
      await eventually(
        async () => ran(),
        (n) => n === 2,
        20_000,
      );
      const cancelled = (await suite.agent.post('/api/bulk/cancel').expect(200)).body;
      expect(cancelled).toMatchObject({
        articles: 4,
        batches: 1,
        message: 'Bulk writing cancelled: 4 articles stopped; the sections already written are kept.',
      });
      const entries = await history();
      expect(pages.map((id) => notion.statusOf(id))).toEqual(Array(4).fill('Generating Error'));
      // The batch's two finished requests are taken and kept; the two cancelled ones are not counted against their sections.
      await eventually(sectionRows, (s) => s.length === 2, 20_000);
      expect((await suite.agent.get('/api/bulk').expect(200)).body).toMatchObject({ batches: 0, lines: 0, articles: 0 });
      return { pages, entries };
    },
  };
}
