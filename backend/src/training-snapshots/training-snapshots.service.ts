import { Scope } from '../workspaces/scope';
import { BadRequestException, Injectable } from '@nestjs/common';
import { filterPool } from '../training-data/snapshot-pools';
import { SnapshotQueryDto, TrainingSnapshotResponse, toSnapshotResponse } from './training-snapshots.dto';
import { TrainingSnapshotsRepository } from './training-snapshots.repository';

@Injectable()
export class TrainingSnapshotsService {
  constructor(private readonly snapshots: TrainingSnapshotsRepository) {}

  /** Snapshots newest first, their items limited to the publication dates asked for (spec §5). */
  async list(scope: Scope, query: SnapshotQueryDto): Promise<TrainingSnapshotResponse[]> {
    const range = { start: dateOf(query.start, 'start'), end: dateOf(query.end, 'end') };
    if (range.start && range.end && range.start > range.end) throw new BadRequestException('start must not be after end');
    const rows = await this.snapshots.list(scope, query.jobId ?? null);
    return rows.map((row) =>
      toSnapshotResponse(row, { sections: filterPool(row.data.sections, range), h1sAndIntros: filterPool(row.data.h1sAndIntros, range) }),
    );
  }
}

/** The calendar date of a yyyy-MM-dd value or an ISO timestamp (in UTC), checked to exist. */
function dateOf(value: string | undefined, name: string): string | null {
  if (!value) return null;
  const date = value.length === 10 ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime()) || (value.length === 10 && date.toISOString().slice(0, 10) !== value)) {
    throw new BadRequestException(`${name} must be a date (yyyy-MM-dd)`);
  }
  return date.toISOString().slice(0, 10);
}
