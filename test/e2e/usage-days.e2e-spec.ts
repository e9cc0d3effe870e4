import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../../backend/src/common/paths';
import { PGLITE_EXTENSIONS } from '../../backend/src/database/pglite-image';
import { migrationsUpTo } from '../support/migrations';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

interface Day {
  source: string;
  day: string;
  model: string | null;
  vendor: string;
  batch: boolean;
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
  sections: number;
}

const ORDER = 'order by source, day, model nulls first, vendor, batch';
/** What usage_days says, and what the sections themselves sum to, in the same shape. */
const KEPT = `select coalesce(job_id, preview_id)::text as source, day::text, model, vendor, batch, prompt_tokens::int, completion_tokens::int,
                     cached_tokens::int, sections from usage_days ${ORDER}`;
const SUMMED = `select * from (
    select job_id::text as source, (created_at at time zone 'UTC')::date::text as day, model, vendor, batch,
           sum(coalesce(prompt_tokens, 0))::int as prompt_tokens, sum(coalesce(completion_tokens, 0))::int as completion_tokens,
           sum(coalesce(cached_tokens, 0))::int as cached_tokens, count(*)::int as sections
      from generation_sections group by 1, 2, 3, 4, 5
    union all
    select preview_id::text, (created_at at time zone 'UTC')::date::text, model, vendor, false,
           sum(prompt_tokens)::int, sum(completion_tokens)::int, sum(cached_tokens)::int, count(*)::int
      from preview_sections group by 1, 2, 3, 4, 5) s ${ORDER}`;

/** Home's spend as the database keeps it (usage_days): always what summing the sections themselves gives. */
describe("Home's spend, kept as sections are written", () => {
  const t = useTestApp({ signIn: 'local' });
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  const workspaceOf = async (email?: string) =>
    (
      await rowsOf<{ id: string }>(
        sql`select m.workspace_id as id from memberships m join users u on u.id = m.user_id where ${email ? sql`u.email = ${email}` : sql`u.email <> 'grace@quire.test'`}`,
      )
    )[0].id;

  const kept = () => rowsOf<Day>(sql.raw(KEPT));
  const summed = () => rowsOf<Day>(sql.raw(SUMMED));
  const expectKeptAsSummed = async () => {
    const rows = await kept();
    expect(rows).toEqual(await summed());
    return rows;
  };

  /** `count` articles of this workspace, each with `sections` sections written ten minutes apart from 23:40 UTC on 31 October (the third and fourth past midnight). */
  const articles = async (workspace: string, count: number, sections: number) =>
    rowsOf<{ id: string }>(sql`
      with made as (
        insert into generation_jobs (workspace_id, notion_page_id, notion_page_url, page_properties, title, status)
        select ${workspace}, gen_random_uuid()::text, 'https://www.notion.so/page-' || i, '{}'::jsonb, 'Article ' || i, 'completed'
          from generate_series(1, ${count}) i returning id
      ), written as (
        insert into generation_sections (job_id, position, heading, content, tokens, model, vendor, batch, prompt_tokens, completion_tokens, cached_tokens, created_at)
        select made.id, p, 'Heading', 'Text', 30, case when p = 1 then null else 'gpt-4o' end, 'openai', p = 3,
               case when p = 1 then null else 10 * p end, case when p = 1 then null else 20 end, case when p = 1 then null else p end,
               '2026-10-31T23:30:00Z'::timestamptz + p * interval '10 minutes'
          from made, generate_series(1, ${sections}) p returning 1
      )
      select id::text from made, (select count(*) from written) w`);

  /** A preview of this workspace with two variants of `sections` sections, written on the 1st. */
  const preview = async (workspace: string, sections: number) => {
    const [{ id }] = await rowsOf<{ id: string }>(sql`
      insert into previews (workspace_id, article_title, article_type, template, title, properties, variants, status)
      values (${workspace}, 'Pros and cons', 'guide', '[]'::jsonb, 'Tablets', '{}'::jsonb, '[]'::jsonb, 'completed') returning id::text`);
    await t.database.db.execute(sql`
      insert into preview_sections (preview_id, variant, position, heading, content, tokens, model, vendor, system_message, user_message,
                                    prompt_tokens, completion_tokens, cached_tokens, duration_ms, created_at)
      select ${id}, v, p, 'Heading', 'Text', 30, case when v = 0 then 'gpt-4o' else 'claude-sonnet-4-5' end, case when v = 0 then 'openai' else 'anthropic' end,
             'system', 'user', 100, 50, 0, 900, '2026-11-01T08:00:00Z'
        from generate_series(0, 1) v, generate_series(1, ${sections}) p`);
    return id;
  };

  const usage = async (from: string, to: string) => (await t.agent.get('/api/usage').query({ from, to }).expect(200)).body;

  it('should keep each day of each article and preview as its sections are written, rewritten and removed', async () => {
    const mine = await workspaceOf();
    const [first, second] = (await articles(mine, 3, 4)).map((row) => row.id);
    const tried = await preview(mine, 2);
    // Sections 1 (its model unrecorded) and 2 on the 31st, 3 (a batch's) and 4 past midnight.
    const rows = await expectKeptAsSummed();
    expect(rows.filter((row) => row.source === first)).toEqual([
      expect.objectContaining({ day: '2026-10-31', model: null, prompt_tokens: 0, sections: 1 }),
      expect.objectContaining({ day: '2026-10-31', model: 'gpt-4o', batch: false, prompt_tokens: 20, sections: 1 }),
      expect.objectContaining({ day: '2026-11-01', model: 'gpt-4o', batch: false, prompt_tokens: 40, sections: 1 }),
      expect.objectContaining({ day: '2026-11-01', model: 'gpt-4o', batch: true, prompt_tokens: 30, cached_tokens: 3, sections: 1 }),
    ]);

    // Home's spend of the 1st: three articles (each once, though written over two days) and a preview.
    expect(await usage('2026-11-01', '2026-11-30')).toMatchObject({ articles: 3, previews: 1, sections: 3 * 2 + 4, prompt_tokens: 3 * 70 + 4 * 100 });
    expect(await usage('2026-10-31', '2026-11-01')).toMatchObject({ articles: 3, previews: 1, sections: 3 * 4 + 4 });
    expect(await usage('2026-10-31', '2026-10-31')).toMatchObject({ articles: 3, previews: 0, sections: 3 * 2, prompt_tokens: 3 * 20 });
    expect((await usage('2026-11-01', '2026-11-01')).by_vendor.map((v: { vendor: string }) => v.vendor).sort()).toEqual(['Anthropic', 'OpenAI']);

    // A position rewritten later (as a changed template does) moves from the day it was first written to today's, with its new model.
    await t.database.db.execute(sql`
      insert into generation_sections (job_id, position, heading, content, tokens, model, vendor, prompt_tokens, completion_tokens, cached_tokens, created_at)
      values (${first}, 2, 'Heading', 'Rewritten', 30, 'gpt-4.1', 'openai', 7, 8, 0, '2026-11-05T10:00:00Z')
      on conflict (job_id, position) do update set model = excluded.model, prompt_tokens = excluded.prompt_tokens,
        completion_tokens = excluded.completion_tokens, cached_tokens = excluded.cached_tokens, created_at = excluded.created_at`);
    // Other statements: a section removed, a preview's tokens corrected, an update that changes no spend.
    await t.database.db.execute(sql`delete from generation_sections where job_id = ${second} and position = 4`);
    await t.database.db.execute(sql`update preview_sections set prompt_tokens = 1 where preview_id = ${tried} and variant = 1`);
    await t.database.db.execute(sql`update generation_sections set heading = 'Renamed'`);
    const changed = await expectKeptAsSummed();
    expect(changed.filter((row) => row.source === first).map((row) => [row.day, row.model, row.sections])).toEqual([
      ['2026-10-31', null, 1],
      ['2026-11-01', 'gpt-4o', 1],
      ['2026-11-01', 'gpt-4o', 1],
      ['2026-11-05', 'gpt-4.1', 1],
    ]);
    expect(changed.filter((row) => row.source === second).map((row) => [row.day, row.batch])).toEqual([
      ['2026-10-31', false],
      ['2026-10-31', false],
      ['2026-11-01', true],
    ]);
    expect(await usage('2026-10-31', '2026-10-31')).toMatchObject({ articles: 3, sections: 3 * 2 - 1 });
    expect(await usage('2026-11-05', '2026-11-05')).toMatchObject({ articles: 1, previews: 0, sections: 1, prompt_tokens: 7, completion_tokens: 8 });

    // An article or preview deleted takes its spend with it; so does a workspace.
    await t.database.db.execute(sql`delete from generation_jobs where id = ${second}`);
    await t.database.db.execute(sql`delete from previews where id = ${tried}`);
    await otherOperatorCookie(t);
    const other = await workspaceOf('grace@quire.test');
    await articles(other, 2, 2);
    await preview(other, 1);
    expect((await kept()).length).toBe((await summed()).length);
    await t.database.db.execute(sql`delete from workspaces where id = ${other}`);
    const left = await expectKeptAsSummed();
    expect(new Set(left.map((row) => row.source)).size).toBe(2);
    expect(await rowsOf(sql`select 1 from usage_days where workspace_id <> ${mine}`)).toEqual([]);
    expect(await usage('2026-10-01', '2026-11-30')).toMatchObject({ articles: 2, previews: 0, sections: 2 * 4 });
  });
});

describe('Migration 0029 (usage days) on existing data', () => {
  it("should keep what the sections already written spent, each day of each article's and preview's", async () => {
    const pglite = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(pglite);
      await migrate(db, { migrationsFolder: migrationsUpTo(28) });
      const [{ id: workspace }] = (await pglite.query<{ id: string }>(`insert into workspaces (name) values ('Agency') returning id`)).rows;
      await pglite.query(
        `with made as (
           insert into generation_jobs (workspace_id, notion_page_id, notion_page_url, page_properties, title, status)
           select $1, 'page-' || i, 'https://www.notion.so/page-' || i, '{}'::jsonb, 'Article ' || i, 'completed' from generate_series(1, 2) i returning id
         )
         insert into generation_sections (job_id, position, heading, content, tokens, model, batch, prompt_tokens, completion_tokens, cached_tokens, created_at)
         select made.id, p, 'Heading', 'Text', 30, case when p = 1 then null else 'gpt-4o' end, p = 3, 10 * p, 20, p, '2026-10-31T23:30:00Z'::timestamptz + p * interval '10 minutes'
           from made, generate_series(1, 4) p`,
        [workspace],
      );
      const [{ id: tried }] = (
        await pglite.query<{ id: string }>(
          `insert into previews (workspace_id, article_title, article_type, template, title, properties, variants, status)
           values ($1, 'Guide', 'guide', '[]', 'Tablets', '{}', '[]', 'completed') returning id`,
          [workspace],
        )
      ).rows;
      await pglite.query(
        `insert into preview_sections (preview_id, variant, position, heading, content, tokens, model, system_message, user_message,
                                       prompt_tokens, completion_tokens, cached_tokens, duration_ms)
         select $1, 0, p, 'Heading', 'Text', 30, 'gpt-4o', 'system', 'user', 100, 50, 0, 900 from generate_series(1, 3) p`,
        [tried],
      );

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const kept = (await pglite.query<Day>(KEPT)).rows;
      expect(kept).toEqual((await pglite.query<Day>(SUMMED)).rows);
      expect(kept.map((row) => row.sections)).toEqual(expect.arrayContaining([1, 1, 1, 1, 3]));
      expect(kept).toHaveLength(2 * 4 + 1);
      expect((await pglite.query<{ id: string }>(`select distinct workspace_id as id from usage_days`)).rows).toEqual([{ id: workspace }]);
    } finally {
      await pglite.close();
    }
  });
});
