import { Scope } from '../workspaces/scope';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { GenerationSectionRow } from '../generation/generation.schema';
import { GenerationService } from '../generation/generation.service';
import { roundUsd } from '../integrations/openai/prices';
import { toTrainingJobResponse } from '../training-jobs/training-jobs.dto';
import { TrainingJobsRepository } from '../training-jobs/training-jobs.repository';
import { HistoryDetailResponse, HistoryResponse, HistorySectionResponse, toHistoryResponse } from './history.dto';
import { BulkProgressRow, BulkRepository } from '../bulk/bulk.repository';
import { BulkProgressResponse } from '../bulk/bulk.dto';
import { BATCH_ENDED } from '../bulk/bulk.schema';
import { ListQuery, Page } from '../common/list-query';
import { HistoryRepository } from './history.repository';
import { spentUsd, SpentTokens, totalOf } from '../integrations/openai/usage';

const spent = (row: GenerationSectionRow): SpentTokens => ({
  model: row.model,
  promptTokens: row.promptTokens,
  completionTokens: row.completionTokens,
  cachedTokens: row.cachedTokens,
  batch: row.batch,
});

/**
 * A bulk article's progress as History shows it. The expected completion is the batch's pace so
 * far carried to its end; before its vendor has finished any request (Anthropic counts none until the batch ends), the end of its 24-hour window.
 */
export function bulkProgress(row: BulkProgressRow | undefined, now = Date.now()): BulkProgressResponse | null {
  if (!row) return null;
  const batchStatus = row.lineStatus === 'waiting' || row.lineStatus === 'dropped' ? null : row.batchStatus;
  const done = row.completed + row.failed;
  let expected: Date | null = null;
  if (batchStatus && !(BATCH_ENDED as string[]).includes(batchStatus)) {
    expected = row.inProgressAt && done > 0 ? new Date(row.inProgressAt.getTime() + ((now - row.inProgressAt.getTime()) * row.total) / done) : row.expiresAt;
    if (expected && row.expiresAt && expected > row.expiresAt) expected = row.expiresAt;
  }
  return {
    round: row.round,
    batch_status: batchStatus,
    total: batchStatus ? row.total : 0,
    completed: batchStatus ? row.completed : 0,
    failed: batchStatus ? row.failed : 0,
    expected_at: expected?.toISOString() ?? null,
    expires_at: batchStatus ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}

/** One History entry in full: what an article wrote and spent, or a training entry's job. */
@Injectable()
export class HistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly trainingJobs: TrainingJobsRepository,
    private readonly generation: GenerationService,
    private readonly bulk: BulkRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** History's list: each bulk article with its place in its batches. */
  async list(scope: Scope, query: ListQuery): Promise<Page<HistoryResponse>> {
    const page = await this.history.list(scope, query);
    const progress = await this.bulk.progress(page.rows.filter((row) => row.type === 'generation').map((row) => row.id));
    return { ...page, rows: page.rows.map((row) => toHistoryResponse(row, bulkProgress(progress.get(row.id)))) };
  }

  /** Retry a failed article (see GenerationService.retry); answers the entry, queued again. */
  async retry(scope: Scope, id: string): Promise<HistoryDetailResponse> {
    const row = await this.history.find(scope, id);
    if (!row) throw new NotFoundException('History entry not found.');
    if (row.type !== 'generation') throw new ConflictException('Only a failed article can be retried; this is a training job (submit its URL again).');
    await this.generation.retry(scope, id);
    return this.detail(scope, id);
  }

  async detail(scope: Scope, id: string): Promise<HistoryDetailResponse> {
    const row = await this.history.find(scope, id);
    if (!row) throw new NotFoundException('History entry not found.');
    const entry = toHistoryResponse(row, row.type === 'generation' ? bulkProgress((await this.bulk.progress([id])).get(id)) : null);
    if (row.type === 'training') {
      const job = await this.trainingJobs.findOwned(scope, id);
      if (!job) throw new NotFoundException('History entry not found.');
      return { ...entry, job: toTrainingJobResponse(job) };
    }
    const job = await this.history.generationJob(scope, id);
    if (!job) throw new NotFoundException('History entry not found.');
    const rows = await this.history.sections(id);
    const prices = this.config.openAiPrices;
    const sections: HistorySectionResponse[] = rows.map((s) => {
      const usd = spentUsd(spent(s), prices);
      return {
        position: s.position,
        heading: s.heading,
        content: s.content,
        model: s.model,
        temperature: s.temperature,
        reasoning_effort: s.reasoningEffort,
        logit_bias_group: s.logitBiasGroup,
        system_message: s.systemMessage,
        user_message: s.userMessage,
        prompt_tokens: s.promptTokens,
        completion_tokens: s.completionTokens,
        cached_tokens: s.cachedTokens ?? 0,
        reasoning_tokens: s.reasoningTokens,
        cost_usd: usd === null ? null : roundUsd(usd),
        duration_ms: s.durationMs,
        examples: s.examples,
        section_version: s.sectionVersion,
        batch: s.batch,
      };
    });
    const written = new Set(rows.map((s) => s.position));
    const missing = Array.from({ length: job.sectionsTotal }, (_, i) => i).find((i) => !written.has(i));
    return {
      ...entry,
      sections,
      usage: totalOf(rows.map(spent), prices),
      notion_url: job.notionPageUrl,
      doc_url: job.docUrl,
      ...(job.status === 'failed' ? { stopped_at: { position: missing ?? null, reason: job.message ?? '' } } : {}),
    };
  }
}
