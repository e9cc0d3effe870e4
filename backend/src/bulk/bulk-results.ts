import { Injectable, Logger } from '@nestjs/common';
import { ChatPlan } from '../integrations/openai/chat-parameters';
import { OpenAiBatches } from '../integrations/openai/openai-batches';
import { ChatAnswer, OpenAiChat } from '../integrations/openai/openai-chat';
import { GenerationRepository } from '../generation/generation.repository';
import { sectionNote } from '../generation/section-writer';
import { usedWords } from '../generation/word-list';
import { Metrics } from '../metrics/metrics';
import { BulkRepository } from './bulk.repository';
import { BulkBatchRow, BulkLineRow } from './bulk.schema';
import type { WritingVendor } from '../connections/connections.schema';

/** A batch output or error line, as OpenAI writes it. */
interface OutputLine {
  custom_id?: string;
  response?: { status_code?: number; body?: Record<string, unknown> } | null;
  error?: { code?: string; message?: string } | null;
}

/**
 * What an ended batch brought back, taken line by line: each line's result stored first
 * (only while the line is still in its batch, so it is taken once), then a written section saved
 * at the batch price, or a failure recorded for the next round.
 */
@Injectable()
export class BulkResults {
  private readonly logger = new Logger(BulkResults.name);

  constructor(
    private readonly repo: BulkRepository,
    private readonly batches: OpenAiBatches,
    private readonly chat: OpenAiChat,
    private readonly jobs: GenerationRepository,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Takes an ended batch's results, once (held by this process; each line stored only while it is
   * still in the batch): every output line's section saved, every error line failed (a refusal
   * that teaches a parameter not counted), and lines neither file holds either back to waiting
   * (the enqueued-token limit: nothing ran) or failed with the batch's reason. Each article
   * touched is answered, for the caller to wake.
   */
  async take(apiKey: string, batch: BulkBatchRow): Promise<Set<string>> {
    const open = new Map((await this.repo.submittedLines(batch.id)).map((line) => [line.customId, line]));
    const woken = new Set<string>();
    for (const fileId of [batch.outputFileId, batch.errorFileId]) {
      if (!fileId) continue;
      for (const out of (await this.batches.lines(apiKey, fileId)) as OutputLine[]) {
        const line = open.get(String(out.custom_id));
        if (!line) continue;
        open.delete(line.customId);
        if (await this.takeLine(apiKey, batch, line, out)) woken.add(line.jobId);
      }
    }
    if (batch.errorCode === 'token_limit_exceeded') {
      // OpenAI ran none of it: the lines wait for a later file, within the room the refusal names.
      await this.repo.releaseLines(batch.id);
      this.logger.warn(`Batch ${batch.vendorBatchId}: ${batch.error}`);
    } else {
      const reason = batch.error ?? `OpenAI's batch ended "${batch.status}" without this section.`;
      for (const line of open.values()) {
        if (await this.repo.storeResult(line.id, { result: null, status: 'failed', error: reason, counted: true })) woken.add(line.jobId);
      }
    }
    return woken;
  }

  /** One line's result: stored first; then a written section is saved (priced at half), a failure recorded. True when it was taken here. */
  private async takeLine(apiKey: string, batch: BulkBatchRow, line: BulkLineRow, out: OutputLine): Promise<boolean> {
    const status = out.response?.status_code ?? 0;
    if (status >= 200 && status < 300) {
      const body = out.response?.body as Parameters<OpenAiChat['answerOf']>[1];
      const content = body?.choices?.[0]?.message?.content;
      if (!content) {
        return this.repo.storeResult(line.id, {
          result: out as Record<string, unknown>,
          status: 'failed',
          error: 'OpenAI answered with no text.',
          counted: true,
        });
      }
      const answer = this.chat.answerOf(line.model, body, `section "${line.meta.heading}"`, true);
      const messages = (line.body.messages ?? []) as { role: string; content: string }[];
      if (!(await this.storeWritten(line, out as Record<string, unknown>, answer, messages[0]?.content ?? null, 'openai'))) return false;
      await this.chat.learnFromLine(apiKey, line.model, sentPlan(line), status, null);
      return true;
    }
    const error = (out.response?.body?.error as Record<string, unknown> | undefined) ?? (out.error as Record<string, unknown> | undefined) ?? null;
    const words = typeof error?.message === 'string' ? error.message : `OpenAI answered HTTP ${status}.`;
    // A cancelled batch the operator asked for holds nothing against the section.
    const cancelledHere = batch.cancelRequestedAt !== null && error?.code === 'batch_cancelled';
    return this.failLine(line, out as Record<string, unknown>, words, !cancelledHere, () =>
      status > 0 ? this.chat.learnFromLine(apiKey, line.model, sentPlan(line), status, error) : Promise.resolve(false),
    );
  }

  /**
   * A line its vendor wrote: its result stored and the section saved as written in bulk (at the
   * batch price) in one transaction, only while the line is still in its batch (false when another
   * process took it); then counted, and History told of the words the instructions named that the
   * text still uses (a rewrite would cost another round).
   */
  async storeWritten(
    line: BulkLineRow,
    result: Record<string, unknown>,
    answer: Pick<ChatAnswer, 'content' | 'tokens' | 'usage'>,
    systemMessage: string | null,
    vendor: WritingVendor,
  ): Promise<boolean> {
    const { meta } = line;
    const messages = (line.body.messages ?? []) as { role: string; content: string }[];
    const section = {
      jobId: line.jobId,
      position: line.position,
      heading: meta.heading,
      content: answer.content,
      tokens: answer.tokens,
      model: line.model,
      vendor,
      temperature: meta.temperature,
      reasoningEffort: meta.reasoningEffort,
      logitBiasGroup: meta.logitBiasGroup,
      systemMessage,
      userMessage: messages.at(-1)?.content ?? null,
      promptTokens: answer.usage.promptTokens,
      completionTokens: answer.usage.completionTokens,
      cachedTokens: answer.usage.cachedTokens,
      reasoningTokens: answer.usage.reasoningTokens,
      examples: meta.examples,
      durationMs: Date.now() - line.createdAt.getTime(),
      sectionVersion: meta.sectionVersion,
      batch: true,
    };
    if (!(await this.repo.storeWritten(line.id, result, (tx) => this.jobs.saveSection(section, tx)))) return false;
    this.metrics.section('written');
    const slipped = meta.avoid ? usedWords(answer.content, meta.avoid) : [];
    const note = sectionNote(line.position, meta.heading, line.model, { notes: meta.notes } as ChatPlan, [], slipped);
    if (note) await this.jobs.recordOmittedParameters(line.jobId, note);
    return true;
  }

  /**
   * A line its vendor did not write: its result stored first (false when another process took it),
   * then counted; a refusal that teaches a parameter (`learn`) does not count as one of its attempts.
   */
  async failLine(line: BulkLineRow, result: Record<string, unknown> | null, words: string, counted: boolean, learn: () => Promise<boolean>): Promise<boolean> {
    if (!(await this.repo.storeResult(line.id, { result, status: 'failed', error: words, counted }))) return false;
    this.metrics.section('failed');
    if (await learn()) await this.repo.updateLineCounted(line.id, false);
    return true;
  }
}

/** The plan a line was sent with, read back from its body: what OpenAI's answer to it teaches is about these parameters. */
function sentPlan(line: BulkLineRow): ChatPlan {
  const body = line.body as { temperature?: number; reasoning_effort?: ChatPlan['reasoningEffort']; logit_bias?: Record<string, number> };
  return { ...linePlan(line), temperature: body.temperature, reasoningEffort: body.reasoning_effort, logitBias: body.logit_bias };
}

/** The plan a line was planned with, as kept with it (the parameters in Quire's words; its body has them in its vendor's). */
export function linePlan(line: BulkLineRow): ChatPlan {
  const { meta } = line;
  return {
    temperature: meta.temperature ?? undefined,
    reasoningEffort: (meta.reasoningEffort ?? undefined) as ChatPlan['reasoningEffort'],
    notes: meta.notes as ChatPlan['notes'],
    features: meta.features,
    unknown: meta.unknown,
  };
}
