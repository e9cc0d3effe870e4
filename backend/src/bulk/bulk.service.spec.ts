import { buildService } from '../../../test/support/unit';
import { APP_CONFIG } from '../config/config.module';
import { ArticleFailures } from '../generation/article-failures';
import { GenerationRepository } from '../generation/generation.repository';
import { GenerationJobRow, GenerationSectionRow } from '../generation/generation.schema';
import { DeferredSection } from '../generation/section-writer';
import { RemoteMessageBatch } from '../integrations/anthropic/anthropic-batches';
import { OpenAiBatches } from '../integrations/openai/openai-batches';
import { JobsService } from '../jobs/jobs.service';
import { ArticleQueue } from '../generation/article-queue';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { AnthropicBulk, recorded } from './anthropic-bulk';
import { BulkResults } from './bulk-results';
import { BulkRepository } from './bulk.repository';
import { BulkLineRow } from './bulk.schema';
import { BulkService, cancelledMessage, refusedLimit } from './bulk.service';

describe('BulkService.defer', () => {
  const job = { id: 'job-1', workspaceId: 'workspace-1' } as GenerationJobRow;
  const section: DeferredSection = {
    position: 0,
    heading: 'Intro',
    model: 'gpt-5',
    connectionId: null,
    body: { model: 'gpt-5', messages: [{ role: 'user', content: 'Write.' }] },
    plan: { notes: [], features: [], unknown: [] },
    temperature: null,
    reasoningEffort: null,
    logitBiasGroup: null,
    examples: null,
    avoid: null,
  };
  const build = () =>
    buildService(
      BulkService,
      {
        repo: BulkRepository,
        batches: OpenAiBatches,
        jobs: GenerationRepository,
        queue: JobsService,
        settings: WorkspaceSettingsService,
        results: BulkResults,
        failures: ArticleFailures,
        anthropic: AnthropicBulk,
      },
      [{ provide: APP_CONFIG, useValue: {} }, ArticleQueue],
    );

  it('should add no line while the section has one waiting or in a batch', async () => {
    const { sut, repo } = await build();
    repo.openLine.mockResolvedValue({ id: 'line-1' } as BulkLineRow);
    await sut.defer(job, section, null);
    expect(repo.openLine).toHaveBeenCalledWith('job-1', 0);
  });

  it('should add no line for a section whose line was taken since the article read its sections', async () => {
    const { sut, repo, jobs } = await build();
    repo.openLine.mockResolvedValue(null);
    jobs.sections.mockResolvedValue([{ position: 0, heading: 'Intro' } as GenerationSectionRow]);
    await sut.defer(job, section, null);
    expect(jobs.sections).toHaveBeenCalledWith('job-1');
  });

  it("should add the section's next attempt after its earlier line failed", async () => {
    const { sut, repo, jobs } = await build();
    repo.openLine.mockResolvedValue(null);
    jobs.sections.mockResolvedValue([]);
    repo.sectionLines.mockResolvedValue([{ attempt: 1, status: 'failed', counted: true, error: 'expired' } as BulkLineRow]);
    repo.addLine.mockImplementation(async (values) => ({ id: 'line-2', ...values }) as BulkLineRow);
    await sut.defer(job, section, 3);
    expect(repo.addLine).toHaveBeenCalledWith(expect.objectContaining({ jobId: 'job-1', position: 0, attempt: 2, customId: 'job-1:0:2' }));
  });

  it('should write the section anew when the template renamed it since an earlier attempt saved it', async () => {
    const { sut, repo, jobs } = await build();
    repo.openLine.mockResolvedValue(null);
    jobs.sections.mockResolvedValue([{ position: 0, heading: 'Old intro' } as GenerationSectionRow]);
    repo.sectionLines.mockResolvedValue([{ attempt: 1, status: 'written', counted: true, error: null } as BulkLineRow]);
    repo.addLine.mockImplementation(async (values) => ({ id: 'line-2', ...values }) as BulkLineRow);
    await sut.defer(job, section, null);
    expect(repo.addLine).toHaveBeenCalledWith(expect.objectContaining({ attempt: 2 }));
  });
});

describe('refusedLimit', () => {
  it("should read the model's enqueued-token limit from OpenAI's refusal", () => {
    expect(
      refusedLimit(
        'Enqueued token limit reached for gpt-4o-mini in organization org-abc. Limit: 2,000,000 enqueued tokens. Please try again once some in_progress batches have been completed.',
      ),
    ).toBe(2_000_000);
    expect(refusedLimit('Enqueued token limit reached for gpt-4o in organization org-x. Limit: 90000 enqueued tokens.')).toBe(90_000);
  });

  it('should be null when the refusal names no limit', () => {
    expect(refusedLimit('Enqueued token limit reached.')).toBeNull();
    expect(refusedLimit(null)).toBeNull();
  });
});

describe('cancelledMessage', () => {
  it('names the vendors whose batches were cancelled', () => {
    expect(cancelledMessage(['OpenAI'])).toBe(
      'Bulk writing was cancelled in Quire: the batches in flight were cancelled at OpenAI. The sections already written are kept; Retry writes the rest.',
    );
    expect(cancelledMessage(['OpenAI', 'Anthropic'])).toMatch(
      /^Bulk writing was cancelled in Quire: the batches in flight were cancelled at OpenAI and Anthropic\./,
    );
  });
});

describe('recorded (an Anthropic message batch as History shows it)', () => {
  const remote = (over: Partial<RemoteMessageBatch> = {}): RemoteMessageBatch => ({
    id: 'msgbatch_1',
    status: 'in_progress',
    total: 4,
    succeeded: 0,
    errored: 0,
    canceled: 0,
    expired: 0,
    createdAt: new Date('2026-11-27T10:00:00Z'),
    expiresAt: new Date('2026-11-28T10:00:00Z'),
    endedAt: null,
    cancelInitiatedAt: null,
    ...over,
  });

  it("keeps Anthropic's processing status in the words of every batch, and its counts once it has ended", () => {
    expect(recorded(remote())).toEqual({
      vendorBatchId: 'msgbatch_1',
      status: 'in_progress',
      completed: 0,
      failed: 0,
      inProgressAt: new Date('2026-11-27T10:00:00Z'),
      expiresAt: new Date('2026-11-28T10:00:00Z'),
      endedAt: null,
    });
    expect(recorded(remote({ status: 'canceling', cancelInitiatedAt: new Date() })).status).toBe('cancelling');
    const endedAt = new Date('2026-11-27T11:00:00Z');
    expect(recorded(remote({ status: 'ended', succeeded: 3, errored: 1, endedAt }))).toMatchObject({ status: 'completed', completed: 3, failed: 1, endedAt });
    expect(recorded(remote({ status: 'ended', succeeded: 2, expired: 2, endedAt })).status).toBe('expired');
    expect(recorded(remote({ status: 'ended', succeeded: 2, canceled: 2, cancelInitiatedAt: endedAt, endedAt }))).toMatchObject({
      status: 'cancelled',
      failed: 2,
    });
  });
});
