import { Injectable } from '@nestjs/common';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { MessageBatchResult } from '@anthropic-ai/sdk/resources/messages/batches';
import {
  AnthropicLink,
  cancelMessageBatch,
  createMessageBatch,
  errorStatus,
  findUnconfirmedMessageBatch,
  readMessageBatchResults,
  RemoteMessageBatch,
  retrieveMessageBatch,
} from '../integrations/anthropic/anthropic-batches';
import { anthropicAnswerOf } from '../integrations/anthropic/anthropic.client';
import { ProviderChat } from '../connections/provider-chat';
import { UserFacingError } from '../common/user-facing-error';
import { workspaceScope } from '../workspaces/scope';
import { BulkRepository, FileLimits } from './bulk.repository';
import { BulkResults, linePlan } from './bulk-results';
import { BulkBatchRow, BulkBatchStatus, BulkLineRow } from './bulk.schema';

/** Anthropic's limits for one message batch (100,000 requests, 256 MB), with room to spare on the bytes. */
export const MESSAGE_BATCH_LIMITS: FileLimits = { lines: 100_000, bytes: 250_000_000, tokens: Number.MAX_SAFE_INTEGER };

/** What a batch's row keeps of an Anthropic message batch. */
export type RecordedBatch = Pick<BulkBatchRow, 'vendorBatchId' | 'status' | 'completed' | 'failed' | 'inProgressAt' | 'expiresAt' | 'endedAt'>;

/**
 * A bulk template's sections on an Anthropic provider, through Anthropic's Message Batches: the
 * lines of one workspace's provider and model sent as one message batch (each line's params as
 * they would be sent at once, its custom_id job_position_attempt), read until the batch ends, then
 * each request's result taken once: a written section saved at the batch price, a refusal learned
 * as a refusal of a request sent at once is, an expired or canceled request left for the next
 * round. BulkService runs the rounds; this is what differs from OpenAI's Batch API.
 */
@Injectable()
export class AnthropicBulk {
  constructor(
    private readonly repo: BulkRepository,
    private readonly providers: ProviderChat,
    private readonly results: BulkResults,
  ) {}

  /** A client of the batch's provider; a provider removed (with its lines) or turned into another vendor's cannot be asked. */
  private async link(batch: BulkBatchRow): Promise<AnthropicLink> {
    const link = await this.providers.anthropicLink(workspaceScope(batch.workspaceId), batch.connectionId!);
    if (!link) throw new UserFacingError('The Anthropic provider of this batch has been removed.');
    return link;
  }

  /**
   * The batch's lines sent as one message batch — unless a create sent before went unanswered:
   * then the batch it may have made is looked for first (by its custom_ids, see
   * findUnconfirmedMessageBatch) and kept if found; while such a batch is still processing it
   * cannot be told, so nothing is made (`undecided`: asked again at the next pass). Null when none
   * was made and none is to be, the operator having cancelled bulk.
   */
  async send(batch: BulkBatchRow, lines: BulkLineRow[]): Promise<RecordedBatch | 'undecided' | null> {
    const link = await this.link(batch);
    if (batch.createSentAt) {
      const ids = new Set(lines.map((line) => line.customId));
      const found = await findUnconfirmedMessageBatch(link, {
        sentAt: batch.createSentAt,
        requests: lines.length,
        known: (id) => this.repo.knownVendorBatch(id),
        ours: (customId) => ids.has(customId),
      });
      if (found === 'undecided') return found;
      if (found) return recorded(found);
    }
    if (batch.cancelRequestedAt) return null;
    await this.repo.updateBatch(batch.id, { createSentAt: new Date() });
    const requests = lines.map((line) => ({ custom_id: line.customId, params: line.body as unknown as MessageCreateParamsNonStreaming }));
    return recorded(await createMessageBatch(link, requests));
  }

  /** What Anthropic says of the batch now; cancelled first if "Cancel bulk" asked and it is still processing. */
  async read(batch: BulkBatchRow): Promise<RecordedBatch> {
    const link = await this.link(batch);
    let remote = await retrieveMessageBatch(link, batch.vendorBatchId!);
    if (batch.cancelRequestedAt && remote.status === 'in_progress') remote = await cancelMessageBatch(link, remote.id);
    return recorded(remote);
  }

  async cancel(batch: BulkBatchRow): Promise<RecordedBatch> {
    return recorded(await cancelMessageBatch(await this.link(batch), batch.vendorBatchId!));
  }

  /**
   * An ended batch's results, each request's taken once (stored on its line only while the line is
   * still in the batch). Answers the articles touched, for the caller to wake. Lines no result
   * names — a batch never made, the operator having cancelled bulk first — fail without counting.
   */
  async take(batch: BulkBatchRow): Promise<Set<string>> {
    const open = new Map((await this.repo.submittedLines(batch.id)).map((line) => [line.customId, line]));
    const woken = new Set<string>();
    if (batch.vendorBatchId) {
      await readMessageBatchResults(await this.link(batch), batch.vendorBatchId, async (out) => {
        const line = open.get(out.custom_id);
        if (!line) return;
        open.delete(line.customId);
        if (await this.takeLine(batch, line, out.result)) woken.add(line.jobId);
      });
    }
    const reason = batch.vendorBatchId
      ? "Anthropic's batch ended without a result for this section."
      : "Bulk writing was cancelled before Anthropic's batch was made.";
    for (const line of open.values()) {
      if (await this.repo.storeResult(line.id, { result: null, status: 'failed', error: reason, counted: batch.vendorBatchId !== null })) woken.add(line.jobId);
    }
    return woken;
  }

  /** One request's result: stored first; then the section saved, or the failure recorded (and learned from). True when it was taken here. */
  private async takeLine(batch: BulkBatchRow, line: BulkLineRow, result: MessageBatchResult): Promise<boolean> {
    const stored = result as unknown as Record<string, unknown>;
    const connectionId = batch.connectionId!;
    const plan = linePlan(line);
    switch (result.type) {
      case 'succeeded': {
        const answer = anthropicAnswerOf(result.message);
        if (!answer.content)
          return this.repo.storeResult(line.id, { result: stored, status: 'failed', error: 'Anthropic answered with no text.', counted: true });
        const system = line.body.system;
        const taken = await this.results.storeWritten(
          line,
          stored,
          { content: answer.content, tokens: answer.usage.promptTokens + answer.usage.completionTokens, usage: answer.usage },
          typeof system === 'string' ? system : null,
          'anthropic',
        );
        if (!taken) return false;
        this.providers.spentInBatch(line.model, answer.usage);
        await this.providers.learnFromLine(connectionId, line.model, plan, 'written');
        return true;
      }
      case 'errored': {
        const { type, message } = result.error.error;
        return this.results.failLine(line, stored, message, true, () =>
          this.providers.learnFromLine(connectionId, line.model, plan, { status: errorStatus(type), words: message }),
        );
      }
      case 'canceled':
        // A cancel the operator asked for holds nothing against the section.
        return this.results.failLine(line, stored, 'Anthropic did not write this section: its batch was canceled.', batch.cancelRequestedAt === null, noLesson);
      case 'expired':
        return this.results.failLine(line, stored, "Anthropic's batch reached the end of its 24 hours before writing this section.", true, noLesson);
    }
  }
}

const noLesson = () => Promise.resolve(false);

/**
 * An Anthropic message batch in the words History shows every batch in: `in_progress`,
 * `cancelling` while canceling; once ended, `cancelled` after a cancel, `expired` when a request
 * expired, else `completed`. Its counts are Anthropic's, which are all `processing` until it ends.
 */
export function recorded(remote: RemoteMessageBatch): RecordedBatch {
  const ended: BulkBatchStatus = remote.cancelInitiatedAt ? 'cancelled' : remote.expired > 0 ? 'expired' : 'completed';
  return {
    vendorBatchId: remote.id,
    status: remote.status === 'ended' ? ended : remote.status === 'canceling' ? 'cancelling' : 'in_progress',
    completed: remote.succeeded,
    failed: remote.errored + remote.canceled + remote.expired,
    inProgressAt: remote.createdAt,
    expiresAt: remote.expiresAt,
    endedAt: remote.endedAt,
  };
}
