import { sql } from 'drizzle-orm';
import request from 'supertest';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

interface Entry {
  _id: string;
  _type: 'generation' | 'training';
  title: string;
  status: string;
  timestamp: string;
}

/** Words whose order is the same in every collation (letters only, and a URL's letters), and the statuses, as SQL arrays. */
const TITLES = sql.raw(`(array['alpha', 'bravo', 'charlie', 'tablets'])`);
const STATUSES = sql.raw(`(array['completed', 'failed', 'queued', 'running'])`);

/** History as a list: every order and filter the API offers, paged from either end, its total kept as entries come and go. */
describe('History as a list', () => {
  const t = useTestApp({ signIn: 'local' });

  /** The workspace of the person with this email, or (none given) the local operator's. */
  const workspaceOf = async (email?: string) =>
    (
      (await t.database.db.execute(
        sql`select m.workspace_id as id from memberships m join users u on u.id = m.user_id where ${email ? sql`u.email = ${email}` : sql`u.email <> 'grace@quire.test'`}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0].id;

  /** `articles` generation entries and `crawls` training entries, five to a moment (ties), their titles and statuses repeating. */
  const fill = (workspace: string, articles: number, crawls: number) =>
    t.database.db.execute(sql`
      with made as (
        insert into generation_jobs (workspace_id, notion_page_id, notion_page_url, page_properties, title, status, "timestamp")
        select ${workspace}, gen_random_uuid()::text, 'https://www.notion.so/page-' || i, '{}'::jsonb,
               ${TITLES}[i % 4 + 1], ${STATUSES}[i % 4 + 1], '2026-11-01T00:00:00Z'::timestamptz - (i / 5) * interval '1 minute'
          from generate_series(1, ${articles}) i returning 1
      )
      insert into training_jobs (workspace_id, status, url, "timestamp")
      select ${workspace}, ${STATUSES}[i % 4 + 1], 'https://' || ${TITLES}[i % 4 + 1] || '.example/',
             '2026-11-01T00:00:00Z'::timestamptz - (i / 5) * interval '1 minute' - interval '30 seconds'
        from generate_series(1, ${crawls}) i, (select count(*) from made) m`);

  const list = async (query: { sort?: [string, string]; range: [number, number]; filter?: Record<string, string> }) => {
    const response = await t.agent
      .get('/api/history')
      .query({ sort: JSON.stringify(query.sort ?? ['timestamp', 'DESC']), range: JSON.stringify(query.range), filter: JSON.stringify(query.filter ?? {}) })
      .expect(200);
    return { rows: response.body as Entry[], total: Number(String(response.headers['content-range']).split('/')[1]) };
  };

  /** The list's order as documented: the sort, then newest first, then by id (all turned round for oldest first). */
  const inOrder = (rows: Entry[], field: 'timestamp' | 'title' | 'status', order: string) => {
    const sign = order === 'ASC' ? 1 : -1;
    const byTime = (a: Entry, b: Entry) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
    return [...rows].sort((a, b) =>
      field === 'timestamp' ? sign * byTime(a, b) : sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) || -byTime(a, b),
    );
  };

  it('should page through each order and filter from either end, in the same order, with the right total', async () => {
    await fill(await workspaceOf(), 43, 12);
    // Another workspace's entries are neither listed nor counted.
    const other = await otherOperatorCookie(t);
    await fill(await workspaceOf('grace@quire.test'), 9, 3);

    for (const filter of [{}, { _type: 'training' }, { _type: 'generation' }, { status: 'failed' }, { q: 'TABLETS' }] as Record<string, string>[]) {
      const all = (await list({ range: [0, 999], filter })).rows;
      const expected = all.filter(
        (e) => (!filter._type || e._type === filter._type) && (!filter.status || e.status === filter.status) && (!filter.q || e.title.includes('tablets')),
      );
      expect(all).toHaveLength(expected.length);
      expect(all.length).toBe(
        { '{}': 55, '{"_type":"training"}': 12, '{"_type":"generation"}': 43, '{"status":"failed"}': 14, '{"q":"TABLETS"}': 14 }[JSON.stringify(filter)],
      );
      for (const [field, order] of [
        ['timestamp', 'DESC'],
        ['timestamp', 'ASC'],
        ['title', 'ASC'],
        ['title', 'DESC'],
        ['status', 'ASC'],
        ['status', 'DESC'],
      ] as const) {
        const sorted = inOrder(all, field, order);
        // Pages of 7: the first ones read forwards, those past the middle from the list's other end.
        const pages: Entry[] = [];
        for (let start = 0; start < sorted.length + 7; start += 7) {
          const page = await list({ sort: [field, order], range: [start, start + 6], filter });
          expect(page.total).toBe(sorted.length);
          pages.push(...page.rows);
        }
        expect({ field, order, filter, ids: pages.map((e) => e._id) }).toEqual({ field, order, filter, ids: sorted.map((e) => e._id) });
      }
    }
    expect((await request(t.http).get('/api/history').set('Cookie', other).expect(200)).body).toHaveLength(12);
  });

  it('should keep the total as entries are added and removed, and a workspace removed takes its totals with it', async () => {
    const mine = await workspaceOf();
    await fill(mine, 20, 5);
    expect((await list({ range: [0, 4] })).total).toBe(25);
    await t.database.db.execute(sql`delete from generation_jobs where workspace_id = ${mine} and status = 'failed'`);
    await t.database.db.execute(sql`delete from training_jobs where id = (select id from training_jobs where workspace_id = ${mine} limit 1)`);
    await fill(mine, 2, 0);
    expect((await list({ range: [0, 4] })).total).toBe(20 - 5 + 4 + 2);
    expect((await list({ range: [0, 4], filter: { _type: 'training' } })).total).toBe(4);
    expect((await list({ range: [0, 999] })).rows).toHaveLength(21);

    await otherOperatorCookie(t);
    const other = await workspaceOf('grace@quire.test');
    await fill(other, 3, 1);
    await t.database.db.execute(sql`delete from workspaces where id = ${other}`);
    const kept = (await t.database.db.execute(
      sql`select workspace_id, list, key_a, rows::int as rows from list_totals where list = 'history' order by key_a`,
    )) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([
      { workspace_id: mine, list: 'history', key_a: 'generation', rows: 17 },
      { workspace_id: mine, list: 'history', key_a: 'training', rows: 4 },
    ]);
  });
});
