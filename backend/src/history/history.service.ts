import { Scope } from '../workspaces/scope';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { GenerationSectionRow } from '../generation/generation.schema';
import { GenerationService } from '../generation/generation.service';
import { roundUsd } from '../integrations/openai/prices';
import { toTrainingJobResponse } from '../training-jobs/training-jobs.dto';
import { TrainingJobsRepository } from '../training-jobs/training-jobs.repository';
import { HistoryDetailResponse, HistorySectionResponse, toHistoryResponse } from './history.dto';
import { HistoryRepository } from './history.repository';
import { spentUsd, SpentTokens, totalOf } from './usage';

const spent = (row: GenerationSectionRow): SpentTokens => ({
  model: row.model,
  promptTokens: row.promptTokens,
  completionTokens: row.completionTokens,
  cachedTokens: row.cachedTokens,
});

/** One History entry in full: what an article wrote and spent, or a training entry's job. */
@Injectable()
export class HistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly trainingJobs: TrainingJobsRepository,
    private readonly generation: GenerationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    const entry = toHistoryResponse(row);
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
