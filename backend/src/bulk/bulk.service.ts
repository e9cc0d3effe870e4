import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { Scope } from '../workspaces/scope';
import { isTransient } from '../common/integration-error';
import { failureMessage } from '../common/job-failure';
import { ArticleQueue } from '../generation/article-queue';
import { RepeatingPass } from '../jobs/job-declarations';
import { BatchCreateUnconfirmed, OpenAiBatches, RemoteBatch } from '../integrations/openai/openai-batches';
import { MessageBatchCreateUnconfirmed } from '../integrations/anthropic/anthropic-batches';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { GenerationError } from '../generation/generation-error';
import { ArticleFailures } from '../generation/article-failures';
import { GenerationRepository } from '../generation/generation.repository';
import { GenerationJobRow } from '../generation/generation.schema';
import { SectionDeferral } from '../generation/section-deferral';
import { DeferredSection } from '../generation/section-writer';
import { BatchGroup, BulkRepository, FileLimits } from './bulk.repository';
import { BulkResults } from './bulk-results';
import { AnthropicBulk, MESSAGE_BATCH_LIMITS } from './anthropic-bulk';
import { BATCH_ENDED, BulkBatchRow, BulkLineRow } from './bulk.schema';

/** A section its vendor did not write in a batch goes into the next round this many times; then its article fails with the vendor's reason. */
export const LINE_RETRIES = 3;
/** While a process prepares a batch or takes its results, it holds it this long. */
const BATCH_LEASE_MS = 5 * 60_000;
/** A parked article is taken up by the sweep only after this long: the batch window (24 h) and an hour to spare. */
const PARKED_MS = 25 * 3600_000;
/** After OpenAI refused a batch for the enqueued-token limit with nothing of Quire's in flight, the model's lines wait this long. */
const LIMIT_HOLD_MS = 5 * 60_000;

/**
 * A round goes out as one file once it is gathered: no article of the workspace queued or being
 * written, and no new line for three passes (rows still being claimed from Notion add theirs a
 * few tenths of a second apart). Never later than this, so steady synchronous writing in the same
 * workspace does not hold bulk writing back; ten minutes are little against OpenAI's 24 hours.
 */
const GATHER_MAX_MS = 10 * 60_000;
const QUIET_PASSES = 3;

/** OpenAI's limits for one batch input file (50,000 requests, 200 MB), with room to spare on the bytes. */
export const FILE_LIMITS: FileLimits = { lines: 50_000, bytes: 200_000_000, tokens: Number.MAX_SAFE_INTEGER };

/** The message an article of a cancelled bulk run fails with, naming the vendors whose batches were cancelled. */
export function cancelledMessage(vendors: string[]): string {
  return `Bulk writing was cancelled in Quire: the batches in flight were cancelled at ${vendors.join(' and ')}. The sections already written are kept; Retry writes the rest.`;
}

/** The vendor whose batches a line goes into: OpenAI's, or Anthropic's for a model on a provider (the only other vendor written in bulk). */
function vendorOf(row: { connectionId: string | null }): 'OpenAI' | 'Anthropic' {
  return row.connectionId ? 'Anthropic' : 'OpenAI';
}

/** `Limit: 2,000,000 enqueued tokens` in OpenAI's refusal: the model's limit for this organisation. */
export function refusedLimit(message: string | null): number | null {
  const match = /Limit:\s*([\d,]+)\s*enqueued tokens/i.exec(message ?? '');
  return match ? Number(match[1].replace(/,/g, '')) : null;
}

/**
 * Bulk writing through OpenAI's Batch API, and Anthropic's Message Batches for models on an
 * Anthropic provider, at half the price. An article of a bulk template hands its next section over
 * as a line (`defer`); each pass puts every waiting line of a workspace's provider and model into
 * batches (`submit`), reads the batches their vendor holds (`poll`), and takes the results of
 * those that ended (`take`): each line's result stored by `custom_id` first, then its section
 * saved and its article woken for the next section (or delivery). Everything is in the database,
 * so a restart — or another server — carries on where this one stopped. What differs for
 * Anthropic is AnthropicBulk's.
 */
@Injectable()
export class BulkService implements SectionDeferral {
  private readonly logger = new Logger(BulkService.name);
  /** How much a batch file may hold: OpenAI's limits (a test may lower them to see a round split). */
  fileLimits: FileLimits = { ...FILE_LIMITS };
  /** How much an Anthropic message batch may hold: Anthropic's limits (a test may lower them). */
  messageBatchLimits: FileLimits = { ...MESSAGE_BATCH_LIMITS };

  constructor(
    private readonly repo: BulkRepository,
    private readonly batches: OpenAiBatches,
    private readonly jobs: GenerationRepository,
    private readonly articles: ArticleQueue,
    private readonly settings: WorkspaceSettingsService,
    private readonly results: BulkResults,
    private readonly failures: ArticleFailures,
    private readonly anthropic: AnthropicBulk,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The article's next section goes into the next batch: as a line (once: a section has at most
   * one line waiting or in a batch), after checking it has not failed too often. The article is
   * then parked until the line returns. A section whose line was taken since the article read its
   * sections is saved already (a line is taken with its section saved): no new line; the article,
   * parked, is woken by the next pass.
   */
  async defer(job: GenerationJobRow, section: DeferredSection, sectionVersion: number | null): Promise<void> {
    if (await this.repo.openLine(job.id, section.position)) return;
    const saved = (await this.jobs.sections(job.id)).find((s) => s.position === section.position);
    if (saved?.heading === section.heading) return;
    const earlier = await this.repo.sectionLines(job.id, section.position);
    const failures = earlier.filter((line) => line.status === 'failed' && line.counted);
    if (failures.length > LINE_RETRIES) {
      throw new GenerationError(
        `${vendorOf(section)} did not write section "${section.heading}" in bulk after ${failures.length} attempts: ${failures.at(-1)?.error ?? 'no reason given'}`,
      );
    }
    const attempt = (earlier.at(-1)?.attempt ?? 0) + 1;
    // Anthropic's custom_ids take letters, digits, _ and - only.
    const customId = section.connectionId ? `${job.id}_${section.position}_${attempt}` : `${job.id}:${section.position}:${attempt}`;
    const messages = (section.body.messages ?? []) as unknown[];
    await this.repo.addLine({
      workspaceId: job.workspaceId,
      jobId: job.id,
      position: section.position,
      attempt,
      customId,
      connectionId: section.connectionId,
      model: section.model,
      body: section.body,
      meta: {
        heading: section.heading,
        temperature: section.temperature,
        reasoningEffort: section.reasoningEffort,
        logitBiasGroup: section.logitBiasGroup,
        examples: section.examples,
        sectionVersion,
        avoid: section.avoid,
        notes: section.plan.notes,
        features: section.plan.features,
        unknown: section.plan.unknown,
      },
      bytes: Buffer.byteLength(section.connectionId ? JSON.stringify({ custom_id: customId, params: section.body }) : fileLine(customId, section.body)),
      // OpenAI's rule of thumb (four characters a token), as the shared pace counts a request.
      tokens: Math.ceil(JSON.stringify(messages).length / 4),
    });
  }

  /** Parks the article until its line returns (see GenerationRepository.park). */
  park(jobId: string): Promise<void> {
    return this.jobs.park(jobId, new Date(Date.now() + PARKED_MS));
  }

  /** A bulk article's sections get their attempts afresh when it runs again: the failures before are not held against them. */
  reopened(jobId: string): Promise<void> {
    return this.repo.uncountFailures(jobId);
  }

  /** One pass every BULK_POLL_MS (60 s): batches left half-made, new batches for waiting lines, batches in flight, results to take. */
  @RepeatingPass('bulk-batches', { everyMs: (config) => config.bulkPollMs, failure: 'Bulk pass failed' })
  async pass(): Promise<void> {
    if (!(await this.repo.anyWork())) return;
    for (const batch of await this.repo.abandoned()) await this.guard(batch, () => this.prepare(batch));
    await this.repo.dropEnded();
    for (const group of await this.repo.waitingGroups()) await this.submit(group);
    for (const batch of await this.repo.inFlight()) await this.guard(batch, () => this.poll(batch));
    for (const batch of await this.repo.toTake()) await this.guard(batch, () => this.take(batch));
    for (const jobId of await this.repo.stranded()) await this.wake(jobId);
  }

  /** A batch's step that fails is logged and tried again at the next pass. */
  private async guard(batch: BulkBatchRow, step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      this.logger.warn(`Batch ${batch.id} (${batch.vendorBatchId ?? 'not made yet'}): ${failureMessage(error)}`);
    }
  }

  private async apiKey(workspaceId: string): Promise<string | null> {
    const { secrets } = await this.settings.getSecrets(workspaceId, ['OPENAI_API_KEY']);
    return secrets.OPENAI_API_KEY;
  }

  /**
   * The room left under the model's enqueued-token limit once OpenAI has refused a batch for it
   * (its refusal names the limit): the limit less Quire's batches in flight; null while OpenAI has
   * refused none. A refused batch that was within the limit means the organisation's other work
   * holds the room: with nothing of Quire's in flight, the lines wait a few minutes. Zero holds them.
   */
  private async tokenRoom(workspaceId: string, model: string): Promise<number | null> {
    const refusal = await this.repo.lastLimitRefusal(workspaceId, model, new Date(Date.now() - 24 * 3600_000));
    if (!refusal) return null;
    const enqueued = await this.repo.enqueuedTokens(workspaceId, model);
    const limit = refusedLimit(refusal.error);
    const recent = Date.now() - (refusal.endedAt?.getTime() ?? 0) < LIMIT_HOLD_MS;
    if (limit === null) return enqueued > 0 || recent ? 0 : null;
    if (enqueued === 0 && refusal.tokens <= limit && recent) return 0;
    return Math.max(0, limit - enqueued);
  }

  /** Every waiting line of the workspace's provider and model, in as many batches as its vendor's limits need. */
  private async submit(group: BatchGroup): Promise<void> {
    const { workspaceId, model } = group;
    const waiting = await this.repo.waitingSince(group);
    if (!waiting) return;
    const now = Date.now();
    const quiet = now - waiting.newest.getTime() >= QUIET_PASSES * this.config.bulkPollMs;
    if (now - waiting.oldest.getTime() < GATHER_MAX_MS && (!quiet || (await this.repo.gathering(workspaceId)))) return;
    // The lines waiting now, in as many batches as they need; lines added meanwhile wait for the next round's gathering.
    const before = new Date();
    const limits = group.connectionId ? this.messageBatchLimits : this.fileLimits;
    for (;;) {
      // OpenAI's enqueued-token limit; Anthropic's batches have none Quire must keep within.
      const room = group.connectionId ? null : await this.tokenRoom(workspaceId, model);
      if (room === 0) return;
      const batch = await this.repo.createBatch(group, BATCH_LEASE_MS);
      const lines = await this.repo.claimLines(batch.id, group, { ...limits, tokens: room ?? limits.tokens }, before);
      if (lines.length === 0) return this.repo.deleteBatch(batch.id);
      await this.guard(batch, () => this.prepare({ ...batch, lines: lines.length }, lines));
      // Another file only while this one was accepted (a fault waits for the next pass).
      const made = await this.repo.findBatch(batch.id);
      if (made?.status === 'preparing') return;
    }
  }

  /**
   * Uploads the batch's file and makes the batch (`metadata.quire_batch` = its id). A batch left
   * half-made by a stopped process is finished: its file uploaded again if it never was, the batch
   * looked for at OpenAI before it is made again. A refusal fails its lines with OpenAI's words.
   */
  private async prepare(batch: BulkBatchRow, claimed?: BulkLineRow[]): Promise<void> {
    if (!claimed && !(await this.repo.lease(batch.id, BATCH_LEASE_MS))) return;
    const lines = claimed ?? (await this.repo.submittedLines(batch.id));
    if (lines.length === 0) return this.repo.updateBatch(batch.id, { status: 'failed', endedAt: new Date(), error: 'No lines.', leaseUntil: null });
    if (batch.connectionId) return this.sendMessageBatch(batch, lines);
    if (batch.cancelRequestedAt) return this.repo.updateBatch(batch.id, { status: 'cancelled', endedAt: new Date(), leaseUntil: null });
    const apiKey = await this.apiKey(batch.workspaceId);
    if (!apiKey) return this.refuse(batch, 'No OpenAI API key is saved: add it in OpenAI Settings on Home.');
    try {
      let remote = batch.inputFileId ? await this.batches.findMade(apiKey, batch.id) : null;
      let inputFileId = batch.inputFileId;
      if (!inputFileId) {
        inputFileId = await this.batches.upload(apiKey, lines.map((line) => fileLine(line.customId, line.body)).join('\n') + '\n', `quire-${batch.id}.jsonl`);
        await this.repo.updateBatch(batch.id, { inputFileId });
      }
      remote ??= await this.batches.create(apiKey, inputFileId, batch.id);
      await this.record(batch, remote, { leaseUntil: null });
      this.logger.log(`Batch ${remote.id}: ${lines.length} sections of ${batch.model} sent`);
    } catch (error) {
      if (error instanceof BatchCreateUnconfirmed || isTransient(error)) throw error;
      await this.refuse(batch, failureMessage(error));
    }
  }

  /**
   * The lines of a batch on an Anthropic provider sent as one message batch (a batch a lost create
   * may have made looked for first; see AnthropicBulk.send). While such a batch is still processing,
   * the batch waits for the next pass; a refusal fails its lines with Anthropic's words.
   */
  private async sendMessageBatch(batch: BulkBatchRow, lines: BulkLineRow[]): Promise<void> {
    try {
      const sent = await this.anthropic.send(batch, lines);
      if (sent === 'undecided') return this.repo.updateBatch(batch.id, { leaseUntil: null });
      if (!sent) return this.repo.updateBatch(batch.id, { status: 'cancelled', endedAt: new Date(), leaseUntil: null });
      await this.repo.updateBatch(batch.id, { ...sent, leaseUntil: null });
      this.logger.log(`Message batch ${sent.vendorBatchId}: ${lines.length} sections of ${batch.model} sent`);
    } catch (error) {
      // A create whose answer was lost: the batch it may have made is looked for at the next pass.
      if (error instanceof MessageBatchCreateUnconfirmed) await this.repo.updateBatch(batch.id, { leaseUntil: null });
      if (error instanceof MessageBatchCreateUnconfirmed || isTransient(error)) throw error;
      await this.refuse(batch, failureMessage(error));
    }
  }

  /** Its vendor refused the file or the batch: its lines fail (and count), their articles are woken to go on or fail. */
  private async refuse(batch: BulkBatchRow, reason: string): Promise<void> {
    await this.repo.updateBatch(batch.id, { status: 'failed', error: reason, endedAt: new Date(), leaseUntil: null });
    for (const line of await this.repo.submittedLines(batch.id)) {
      if (await this.repo.storeResult(line.id, { result: null, status: 'failed', error: reason, counted: true })) await this.wake(line.jobId);
    }
    await this.repo.updateBatch(batch.id, { takenAt: new Date() });
  }

  /** What OpenAI says of the batch, kept. */
  private async record(batch: BulkBatchRow, remote: RemoteBatch, extra: Partial<BulkBatchRow> = {}): Promise<void> {
    const ended = (BATCH_ENDED as string[]).includes(remote.status);
    await this.repo.updateBatch(batch.id, {
      vendorBatchId: remote.id,
      status: remote.status,
      completed: remote.completed,
      failed: remote.failed,
      outputFileId: remote.outputFileId,
      errorFileId: remote.errorFileId,
      inProgressAt: remote.inProgressAt ? new Date(remote.inProgressAt * 1000) : null,
      expiresAt: remote.expiresAt ? new Date(remote.expiresAt * 1000) : null,
      error: remote.error,
      errorCode: remote.errorCode,
      ...(ended && !batch.endedAt ? { endedAt: new Date() } : {}),
      ...extra,
    });
  }

  /** Reads a batch its vendor holds; cancels it if "Cancel bulk" asked; takes its results once it ends. */
  private async poll(batch: BulkBatchRow): Promise<void> {
    let status: string;
    if (batch.connectionId) {
      const read = await this.anthropic.read(batch);
      await this.repo.updateBatch(batch.id, read);
      status = read.status;
    } else {
      const apiKey = await this.apiKey(batch.workspaceId);
      if (!apiKey) return;
      let remote = await this.batches.retrieve(apiKey, batch.vendorBatchId!);
      if (batch.cancelRequestedAt && !['cancelling', ...BATCH_ENDED].includes(remote.status)) remote = await this.batches.cancel(apiKey, remote.id);
      await this.record(batch, remote);
      status = remote.status;
    }
    if ((BATCH_ENDED as string[]).includes(status)) {
      const ended = await this.repo.findBatch(batch.id);
      if (ended) await this.take(ended);
    }
  }

  /** Takes an ended batch's results once (held by this process; see BulkResults, AnthropicBulk), then wakes the articles they touched. */
  private async take(batch: BulkBatchRow): Promise<void> {
    if (!(await this.repo.lease(batch.id, BATCH_LEASE_MS))) return;
    let woken: Set<string>;
    if (batch.connectionId) woken = await this.anthropic.take(batch);
    else {
      const apiKey = await this.apiKey(batch.workspaceId);
      if (!apiKey) return this.repo.updateBatch(batch.id, { leaseUntil: null });
      woken = await this.results.take(apiKey, batch);
    }
    await this.repo.updateBatch(batch.id, { takenAt: new Date(), leaseUntil: null });
    for (const jobId of woken) await this.wake(jobId);
  }

  /** A parked article goes back to the queue, for its next section or its delivery. */
  private async wake(jobId: string): Promise<void> {
    if (await this.jobs.wake(jobId)) await this.articles.enqueue(jobId);
  }

  /**
   * "Cancel bulk": the workspace's batches are cancelled at their vendor (OpenAI, Anthropic) and
   * every article waiting on them fails with the cancel message and the error status in Notion;
   * what was written before is kept, so Retry writes only the rest.
   */
  async cancelBulk(scope: Scope): Promise<{ articles: number; batches: number; message: string }> {
    // The articles fail first, so a batch that ends meanwhile wakes none of them.
    const { jobIds, vendors } = await this.repo.unfinished(scope.workspaceId);
    const named = (['OpenAI', 'Anthropic'] as const).filter((vendor) => vendors.some((row) => vendorOf(row) === vendor));
    const failed = await this.failures.failOpen(jobIds, cancelledMessage(named.length > 0 ? named : ['OpenAI']));
    const batches = await this.cancelBatches(scope);
    await this.failures.showError(scope, failed);
    const stopped = failed.length === 1 ? '1 article stopped' : `${failed.length} articles stopped`;
    return { articles: failed.length, batches, message: `Bulk writing cancelled: ${stopped}; the sections already written are kept.` };
  }

  /**
   * Once the articles failed: the workspace's batches are cancelled at their vendor (those not yet
   * made are never made) and lines not yet sent are dropped. What was written before the cancel is
   * still taken and kept. Answers how many batches were asked to cancel.
   */
  private async cancelBatches(scope: Scope): Promise<number> {
    const { batches } = await this.repo.unfinished(scope.workspaceId);
    await this.repo.dropWaiting(scope.workspaceId);
    const apiKey = await this.apiKey(scope.workspaceId);
    for (const batch of batches) {
      await this.repo.updateBatch(batch.id, { cancelRequestedAt: new Date() });
      if (!batch.vendorBatchId || batch.status === 'cancelling' || (!batch.connectionId && !apiKey)) continue;
      try {
        if (batch.connectionId) await this.repo.updateBatch(batch.id, await this.anthropic.cancel(batch));
        else await this.record(batch, await this.batches.cancel(apiKey!, batch.vendorBatchId));
      } catch (error) {
        // The next pass cancels it (it is marked) or finds it ended.
        this.logger.warn(`Cancelling batch ${batch.vendorBatchId}: ${failureMessage(error)}`);
      }
    }
    return batches.length;
  }

  /** The workspace's bulk work in flight. */
  summary(scope: Scope) {
    return this.repo.summary(scope.workspaceId);
  }
}

/** One line of a batch input file. */
function fileLine(customId: string, body: Record<string, unknown>): string {
  return JSON.stringify({ custom_id: customId, method: 'POST', url: '/v1/chat/completions', body });
}
