import { Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { SnapshotData, TrainingSnapshotRow, trainingSnapshots } from './training-snapshots.schema';

@Injectable()
export class TrainingSnapshotsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Newest first; one job's snapshot when `jobId` is given. */
  async list(userId: string, jobId: string | null): Promise<TrainingSnapshotRow[]> {
    return this.database.db
      .select()
      .from(trainingSnapshots)
      .where(and(eq(trainingSnapshots.userId, userId), jobId ? eq(trainingSnapshots.jobId, jobId) : undefined))
      .orderBy(desc(trainingSnapshots.createdAt))
      .limit(100);
  }

  /** One snapshot per job: a job that runs its clustering again replaces it. */
  async save(values: { userId: string; jobId: string; data: SnapshotData; meta: TrainingSnapshotRow['meta'] }): Promise<void> {
    await this.database.db
      .insert(trainingSnapshots)
      .values(values)
      .onConflictDoUpdate({ target: trainingSnapshots.jobId, set: { data: values.data, meta: values.meta, createdAt: new Date() } });
  }
}
