import { NewerSchemaError, newestKnownMigration, refuseNewerSchema } from './schema-version';

describe('refuseNewerSchema', () => {
  const known = { tag: '0014_example_guided_sections', when: Date.UTC(2026, 10, 25) };
  /** A database whose drizzle table holds migrations up to `newest` (null: none recorded; undefined: no table). */
  const database = (newest: number | null | undefined) => async (text: string) =>
    text.includes('to_regclass') ? { rows: [{ recorded: newest !== undefined }] } : { rows: [{ newest: newest === null ? null : String(newest) }] };

  it('should let a new database, and one migrated by this build or an older one, start', async () => {
    await expect(refuseNewerSchema(database(undefined), known)).resolves.toBeUndefined();
    await expect(refuseNewerSchema(database(null), known)).resolves.toBeUndefined();
    await expect(refuseNewerSchema(database(known.when), known)).resolves.toBeUndefined();
    await expect(refuseNewerSchema(database(known.when - 1), known)).resolves.toBeUndefined();
  });

  it('should refuse a database a newer build migrated, naming both dates and what to do', async () => {
    const refusal = refuseNewerSchema(database(Date.UTC(2027, 0, 2)), known);
    await expect(refusal).rejects.toThrow(NewerSchemaError);
    await expect(refusal).rejects.toThrow(
      'this database was migrated by a newer Quire (its newest migration is of 2027-01-02; this Quire knows them up to 0014_example_guided_sections of 2026-11-25). Start the newer Quire on it, or restore a backup made before the upgrade.',
    );
  });

  it('should know the last migration of the journal as the newest', () => {
    expect(newestKnownMigration()).toEqual({ tag: expect.stringMatching(/^\d{4}_/), when: expect.any(Number) });
  });
});
