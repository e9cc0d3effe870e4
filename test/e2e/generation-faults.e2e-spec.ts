import { eventually, staysExactly } from '../support/fixtures';
import { generationSuite, SECTION_HEADINGS } from '../support/generation-fixtures';

/**
 * The main job against vendors that fail the way real ones do: Notion answering a share of calls
 * with 409/502/503/504 (some after doing the write), Drive with 429/5xx/403 userRateLimitExceeded
 * (some creates made anyway), and articles re-triggered from Notion after a failure.
 */
describe('Generation through transient faults: every article written exactly once', () => {
  const suite = generationSuite({ GENERATION_CONCURRENCY: '4', GENERATION_RETRY_SECONDS: '1' });
  const { notion, openai, google, history, settled, checkNow } = suite;

  const chats = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length;
  const HEADINGS = SECTION_HEADINGS.map((h) => `heading_2: ${h}`);
  const headingsOf = (page: string) => notion.bodyOf(page).filter((line) => line.startsWith('heading_2: '));
  const row = (title: string, extra: Record<string, string> = {}) =>
    notion.addRow({ title, status: 'Start Generating', type: 'Guide', client: 'acme', extra: { Keyword: title, ...extra } });

  it('should complete a batch of 20 with a fifth of Notion and Drive calls failing: each section appended once, one Doc per page, no section asked twice', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => row(`Laptop ${i + 1}`));
    notion.faults.rate = 0.2;
    google.driveFaults.rate = 0.2;

    // A row whose claim met faults beyond its retries stays at start, for the next check.
    for (let check = 0; check < 10 && pages.some((page) => notion.statusOf(page) === 'Start Generating'); check++) await checkNow();
    const entries = await eventually(history, (e) => settled(e, 20), 240_000);

    expect(entries.filter((e) => e.status !== 'completed').map((e) => `${e.title}: ${e.message}`)).toEqual([]);
    for (const page of pages) {
      expect(notion.statusOf(page)).toBe('Posts Generated');
      expect(headingsOf(page)).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
    }
    const docsPerJob = new Map<string, number>();
    for (const file of google.files) docsPerJob.set(file.appProperties.quireJobId, (docsPerJob.get(file.appProperties.quireJobId) ?? 0) + 1);
    expect(docsPerJob.size).toBe(20);
    expect([...docsPerJob.values()].every((n) => n === 1)).toBe(true);
    await staysExactly(chats, 20 * SECTION_HEADINGS.length);
    // Appends that landed before their error answer were kept, not removed and written again.
    expect(notion.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([]);
    // The faults did happen, writes done before their error answer included.
    expect(notion.faults.injected).toBeGreaterThan(10);
    expect(notion.faults.afterWrites).toBeGreaterThan(0);
    expect(google.driveFaults.injected).toBeGreaterThan(3);
  }, 300_000);

  it('should resume a failed article set back to start: same History entry, no section asked again, nothing appended or created twice', async () => {
    google.readOnlyFolders.add('folder-acme');
    const page = row('Read-only folder');
    await checkNow();
    const [failed] = await eventually(history, (e) => settled(e, 1));
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(
      /^Google: refused to create the Google Doc \(insufficientFilePermissions\): your Google account may not add files to the client's save folder/,
    );
    expect(notion.statusOf(page)).toBe('Generating Error');
    expect(headingsOf(page)).toEqual(HEADINGS);
    expect(chats()).toBe(3);

    // The operator gets edit access, then sets the row back to start.
    google.readOnlyFolders.clear();
    notion.pages.get(page)!.properties.Status.status = { name: 'Start Generating' };
    expect(await checkNow()).toMatchObject({ claimed: 1 });
    const [resumed] = await eventually(history, (e) => settled(e, 1) && e[0].status === 'completed');
    expect(resumed._id).toBe(failed._id);
    await staysExactly(chats, 3);
    expect(headingsOf(page)).toEqual(HEADINGS);
    expect(google.files).toHaveLength(1);
    expect(notion.statusOf(page)).toBe('Posts Generated');
  });

  it('should keep an append and a Doc that landed before their error answers: each written once, nothing removed', async () => {
    // Forced, not left to chance: the first append lands and is answered 504; the first Doc is created and answered 503.
    notion.appendThenFail = 1;
    google.createThenFail = 1;
    const page = row('Landed anyway');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1), 60_000);
    expect(entry).toMatchObject({ status: 'completed', message: null });
    expect([notion.appendThenFail, google.createThenFail, notion.faults.afterWrites, google.driveFaults.afterWrites]).toEqual([0, 0, 1, 1]);
    expect(headingsOf(page)).toEqual(HEADINGS);
    expect(notion.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(google.files).toHaveLength(1);
    await staysExactly(() => google.files.length, 1);
    expect(notion.statusOf(page)).toBe('Posts Generated');
  });

  it('should remove what stands after the article’s part of the page before appending the rest when it resumes', async () => {
    notion.refuseAppends = { count: 1, message: 'body failed validation: body.children[3].paragraph.rich_text should be defined.' };
    const page = row('Stray block');
    await checkNow();
    const [failed] = await eventually(history, (e) => settled(e, 1));
    expect(failed.status).toBe('failed');
    // Someone types a line on the page after Quire's marker; then the row is set back to start.
    const stray = notion.addParagraphByHand(page, 'Typed here meanwhile.');
    notion.pages.get(page)!.properties.Status.status = { name: 'Start Generating' };
    await checkNow();
    const [resumed] = await eventually(history, (e) => settled(e, 1) && e[0].status === 'completed');
    expect(resumed._id).toBe(failed._id);
    const deleted = notion.requests.filter((r) => r.method === 'DELETE').map((r) => r.path.replace(/-/g, ''));
    expect(deleted).toEqual([`/v1/blocks/${stray.replace(/-/g, '')}`]);
    expect(notion.bodyOf(page)).not.toContain('paragraph: Typed here meanwhile.');
    expect(headingsOf(page)).toEqual(HEADINGS);
    await staysExactly(chats, 3);
  });

  it('should resume an article whose append Notion refused, appending it once', async () => {
    notion.refuseAppends = { count: 1, message: 'body failed validation: body.children[3].paragraph.rich_text should be defined.' };
    const page = row('Refused once');
    await checkNow();
    const [failed] = await eventually(history, (e) => settled(e, 1));
    expect(failed.status).toBe('failed');
    notion.pages.get(page)!.properties.Status.status = { name: 'Start Generating' };
    await checkNow();
    const [resumed] = await eventually(history, (e) => settled(e, 1) && e[0].status === 'completed');
    expect(resumed._id).toBe(failed._id);
    expect(chats()).toBe(3);
    expect(headingsOf(page)).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
  });

  it('should settle rows left in progress: a finished job gives its outcome, a row no job knows is marked failed with the reason', async () => {
    const done = row('Finished');
    await checkNow();
    await eventually(history, (e) => settled(e, 1));
    // The final status write never landed (or someone set it back by hand).
    notion.pages.get(done)!.properties.Status.status = { name: 'Generating...' };
    const stray = notion.addRow({ title: 'Nobody writes me', status: 'Generating...', type: 'Guide' });

    await checkNow();
    expect(notion.statusOf(done)).toBe('Posts Generated');
    expect(notion.statusOf(stray)).toBe('Generating Error');
    const entry = (await history()).find((e) => e.title === 'Nobody writes me')!;
    expect(entry).toMatchObject({
      status: 'failed',
      message: 'The page was "Generating..." but Quire had no job writing it; set its status back to "Start Generating" to write it.',
    });
    expect(chats()).toBe(3);
  });

  it("should say a full Drive is full, and not retry Drive's refusals", async () => {
    google.driveFull = true;
    row('Full drive');
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.message).toMatch(/^Google: refused to create the Google Doc \(storageQuotaExceeded\): the Drive that holds the client's save folder is full/);
    expect(google.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/upload/'))).toHaveLength(1);
  });
});
