import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { GenerationJobRow, generationJobs, GenerationSectionRow, generationSections } from './generation.schema';

@Injectable()
export class GenerationRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  /** Null when the page already has an open job (claimed by this or another process). */
  async claim(values: { userId: string; notionPageId: string; notionPageUrl: string; title: string; pageProperties: Record<string, string> }): Promise<GenerationJobRow | null> {
    const [row] = await this.db.insert(generationJobs).values({ ...values, status: 'queued' }).onConflictDoNothing().returning();
    return row ?? null;
  }

  async find(id: string): Promise<GenerationJobRow | null> {
    const [row] = await this.db.select().from(generationJobs).where(eq(generationJobs.id, id)).limit(1);
    return row ?? null;
  }

  /** Takes the job for one attempt unless it has ended or another process holds its lease. */
  async start(id: string, leaseMs: number): Promise<GenerationJobRow | null> {
    const now = new Date();
    const [row] = await this.db
      .update(generationJobs)
      .set({ status: 'running', leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${generationJobs.attempts} + 1`, startedAt: sql`coalesce(${generationJobs.startedAt}, now())` })
      .where(
        and(
          eq(generationJobs.id, id),
          inArray(generationJobs.status, ['queued', 'running']),
          or(isNull(generationJobs.leaseUntil), lt(generationJobs.leaseUntil, now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  async renewLease(id: string, leaseMs: number): Promise<void> {
    await this.db.update(generationJobs).set({ leaseUntil: new Date(Date.now() + leaseMs) }).where(eq(generationJobs.id, id));
  }

  async update(id: string, values: Partial<Pick<GenerationJobRow, 'articleType' | 'sectionsTotal' | 'sectionsDone' | 'tokens' | 'notionMarker' | 'appended' | 'docUrl'>>): Promise<void> {
    await this.db.update(generationJobs).set(values).where(eq(generationJobs.id, id));
  }

  async sections(jobId: string): Promise<GenerationSectionRow[]> {
    return this.db.select().from(generationSections).where(eq(generationSections.jobId, jobId)).orderBy(asc(generationSections.position));
  }

  async saveSection(values: { jobId: string; position: number; heading: string; content: string; tokens: number }): Promise<void> {
    await this.db.insert(generationSections).values(values).onConflictDoNothing();
  }

  async complete(id: string, values: { viewUrl: string; tokens: number; sectionsDone: number }): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ ...values, status: 'completed', message: null, leaseUntil: null, completedAt: new Date() })
      .where(eq(generationJobs.id, id));
  }

  async fail(id: string, message: string): Promise<void> {
    await this.db.update(generationJobs).set({ status: 'failed', message, leaseUntil: null, completedAt: new Date() }).where(eq(generationJobs.id, id));
  }

  /**
   * Jobs to hand (again) to the queue: running ones whose worker is gone (lease expired), and
   * queued ones, which may never have reached it (the queue ignores a job it already holds).
   */
  async orphaned(): Promise<string[]> {
    const now = new Date();
    const rows = await this.db
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(or(eq(generationJobs.status, 'queued'), and(eq(generationJobs.status, 'running'), lt(generationJobs.leaseUntil, now))))
      .limit(1000);
    return rows.map((r) => r.id);
  }
}
