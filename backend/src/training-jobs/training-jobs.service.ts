import { Scope } from '../workspaces/scope';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ListQuery, Page } from '../common/list-query';
import { NO_OPENAI_KEY_MESSAGE } from '../models/models.service';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { TrainingCollectionService } from './training-collection.service';
import { SubmitUrlDto, TrainingJobResponse, toTrainingJobResponse } from './training-jobs.dto';
import { TrainingJobsRepository } from './training-jobs.repository';

@Injectable()
export class TrainingJobsService {
  constructor(
    private readonly jobs: TrainingJobsRepository,
    private readonly collection: TrainingCollectionService,
    private readonly settings: WorkspaceSettingsService,
  ) {}

  async list(scope: Scope, query: ListQuery): Promise<Page<TrainingJobResponse>> {
    const page = await this.jobs.list(scope, query);
    return { ...page, rows: page.rows.map(toTrainingJobResponse) };
  }

  async get(scope: Scope, id: string): Promise<TrainingJobResponse> {
    const job = await this.jobs.findOwned(scope, id);
    if (!job) throw new NotFoundException('Training job not found.');
    return toTrainingJobResponse(job);
  }

  /** Creates the job and answers it at once; the crawl runs on the durable queue. */
  async submit(scope: Scope, body: SubmitUrlDto): Promise<TrainingJobResponse> {
    const url = webAddress(body.url);
    const clustering = body.clustering ?? 'text';
    if (clustering === 'embeddings' && !(await this.settings.getSecret(scope.workspaceId, 'OPENAI_API_KEY')))
      throw new ConflictException(NO_OPENAI_KEY_MESSAGE);
    const id = randomUUID();
    const job = await this.jobs.create({
      id,
      scope,
      url,
      clustering,
      meta: { viewUrl: `/training/view/${id}`, rawMeta: { uuid: id, url, createdAt: new Date().toISOString() } },
    });
    await this.collection.enqueue(job.id);
    return toTrainingJobResponse(job);
  }
}

/** An absolute http(s) address with a host; answers it normalised (no fragment). */
function webAddress(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BadRequestException('url must be a full web address such as https://example.com/blog/');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequestException('url must start with http:// or https://');
  if (!url.hostname) throw new BadRequestException('url must name a host');
  if (url.username || url.password) throw new BadRequestException('url must not contain a user name or password');
  url.hash = '';
  return url.href;
}
