import { Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { TrainingSnapshotRow, trainingSnapshots } from '../training-jobs/training-snapshots.schema';

@Injectable()
export class TrainingSnapshotsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Newest first; one job's snapshot when `jobId` is given. */
  async list(scope: Scope, jobId: string | null): Promise<TrainingSnapshotRow[]> {
    return this.database.db
      .select()
      .from(trainingSnapshots)
      .where(and(eq(trainingSnapshots.workspaceId, scope.workspaceId), jobId ? eq(trainingSnapshots.jobId, jobId) : undefined))
      .orderBy(desc(trainingSnapshots.createdAt))
      .limit(100);
  }
}
