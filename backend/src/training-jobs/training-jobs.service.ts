import { Injectable, NotFoundException } from '@nestjs/common';
import { ListQuery, Page } from '../common/list-query';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingJobResponse, toTrainingJobResponse } from './training-jobs.dto';

@Injectable()
export class TrainingJobsService {
  constructor(private readonly jobs: TrainingJobsRepository) {}

  async list(userId: string, query: ListQuery): Promise<Page<TrainingJobResponse>> {
    const page = await this.jobs.list(userId, query);
    return { ...page, rows: page.rows.map(toTrainingJobResponse) };
  }

  async get(userId: string, id: string): Promise<TrainingJobResponse> {
    const job = await this.jobs.findOwned(userId, id);
    if (!job) throw new NotFoundException('Training job not found.');
    return toTrainingJobResponse(job);
  }
}
