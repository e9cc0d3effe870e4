import { scope } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { APP_CONFIG } from '../config/config.module';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { OpenAiEmbeddings } from '../integrations/openai/openai-embeddings';
import { JobsService } from '../jobs/jobs.service';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { ownedBy } from '../workspaces/scope';
import { CrawlFailedError, CrawlOutcome } from '../training-data/crawler/crawler';
import { JobCrawler } from './job-crawler';
import { TrainingCollectionService } from './training-collection.service';
import { ParsedArticle } from '@quire/shared';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingJobRow } from './training-jobs.schema';
import { TrainingPagesRepository } from './training-pages.repository';

const job = (overrides: Partial<TrainingJobRow> = {}): TrainingJobRow => ({
  id: 'job-1',
  ...ownedBy(scope),
  status: 'running',
  url: 'https://blog.test/',
  message: null,
  meta: {},
  timestamp: new Date(0),
  startedAt: null,
  completedAt: null,
  clustering: 'text',
  leaseUntil: null,
  attempts: 1,
  ...overrides,
});

const article: ParsedArticle = {
  url: 'https://blog.test/a',
  title: 'A',
  intro: [{ type: 'p', text: 'Intro.' }],
  publishedDate: null,
  sections: [{ heading: 'Why', children: [{ type: 'p', text: 'Because.' }] }],
};

/** The completed job's line on what its pages gave, for the pages mocked in build(). */
const YIELDS = '1 page gave sections, 0 intro only, 2 nothing (2 × HTTP 404).';

const outcome = (overrides: Partial<CrawlOutcome> = {}): CrawlOutcome => ({
  counts: { found: 3, fetched: 3, articles: 1, sections: 1 },
  limit: null,
  ...overrides,
});

async function* yieldAll<T>(items: T[]) {
  yield* items;
}

describe(TrainingCollectionService.name, () => {
  async function build() {
    const built = await buildService(
      TrainingCollectionService,
      {
        jobs: TrainingJobsRepository,
        pages: TrainingPagesRepository,
        queue: JobsService,
        settings: WorkspaceSettingsService,
        embeddings: OpenAiEmbeddings,
        cpu: CpuPool,
        crawler: JobCrawler,
      },
      [{ provide: APP_CONFIG, useValue: { crawlMaxPages: 500 } }],
    );
    built.jobs.start.mockResolvedValue(job());
    built.jobs.progress.mockResolvedValue();
    built.jobs.complete.mockResolvedValue();
    built.jobs.fail.mockResolvedValue();
    built.jobs.release.mockResolvedValue();
    built.pages.articles.mockImplementation(() => yieldAll([article]));
    built.pages.yields.mockResolvedValue({ withSections: 1, introOnly: 0, nothing: 2 });
    built.pages.skipReasons.mockResolvedValue([{ reason: 'HTTP 404', pages: 2 }]);
    built.cpu.run.mockImplementation((async (name: string, input: { items: unknown[] }) =>
      name === 'clusterPool' ? { clusters: [input.items], subClusters: [[[0]]] } : { batches: [], truncated: 0 }) as never);
    built.jobs.saveSnapshot.mockResolvedValue();
    return built;
  }

  describe('run', () => {
    it('should do nothing when the job has ended or another process holds its lease', async () => {
      const { sut, jobs, crawler } = await build();
      jobs.start.mockResolvedValue(null);

      await sut.run('job-1');

      expect(crawler.crawl).not.toHaveBeenCalled();
    });

    it('should cluster both pools, save the snapshot and complete the job', async () => {
      const { sut, jobs, crawler } = await build();
      crawler.crawl.mockResolvedValue(outcome());

      await sut.run('job-1');

      expect(jobs.saveSnapshot).toHaveBeenCalledWith(
        expect.objectContaining({
          scope,
          jobId: 'job-1',
          meta: expect.objectContaining({ counts: { h1sAndIntros: { clusters: 1, subClusters: 1 }, sections: { clusters: 1, subClusters: 1 } } }),
        }),
      );
      expect(jobs.complete).toHaveBeenCalledWith('job-1', {}, YIELDS);
      expect(jobs.fail).not.toHaveBeenCalled();
    });

    it('should say on the completed job that the page limit stopped the crawl', async () => {
      const { sut, jobs, crawler } = await build();
      crawler.crawl.mockResolvedValue(outcome({ limit: 'pages' }));

      await sut.run('job-1');

      expect(jobs.complete).toHaveBeenCalledWith('job-1', {}, `Stopped at CRAWL_MAX_PAGES (500 pages). ${YIELDS}`);
    });

    it('should fail a crawl that found no article, with the most frequent skip reasons', async () => {
      const { sut, jobs, pages, crawler } = await build();
      crawler.crawl.mockResolvedValue(outcome({ counts: { found: 3, fetched: 3, articles: 0, sections: 0 } }));
      pages.skipReasons.mockResolvedValue([
        { reason: 'no article content', pages: 2 },
        { reason: 'HTTP 404', pages: 1 },
      ]);

      await sut.run('job-1');

      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'No articles found on 3 page(s): 2 × no article content; 1 × HTTP 404.');
      expect(jobs.saveSnapshot).not.toHaveBeenCalled();
    });

    it('should fail with the crawl’s own reason when the site cannot be crawled', async () => {
      const { sut, jobs, crawler } = await build();
      crawler.crawl.mockRejectedValue(new CrawlFailedError('robots.txt of blog.test answered HTTP 500, so the site may not be crawled'));

      await sut.run('job-1');

      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'robots.txt of blog.test answered HTTP 500, so the site may not be crawled');
    });

    it('should not show an unexpected error’s text', async () => {
      const { sut, jobs, crawler } = await build();
      crawler.crawl.mockRejectedValue(new RangeError('secret detail'));

      await sut.run('job-1');

      expect(jobs.fail).toHaveBeenCalledWith('job-1', 'Unexpected error (RangeError); the server log has the details.');
    });

    it('should hand the job back, not fail it, when the server shuts down mid-crawl', async () => {
      const { sut, jobs, crawler } = await build();
      crawler.crawl.mockImplementation(async (_job, signal) => {
        sut.stop();
        expect(signal.aborted).toBe(true);
        throw new Error('aborted');
      });

      await sut.run('job-1');

      expect(jobs.release).toHaveBeenCalledWith('job-1');
      expect(jobs.fail).not.toHaveBeenCalled();
    });

    it('should cluster by text, saying so, in embeddings mode without an OpenAI key', async () => {
      const { sut, jobs, crawler, settings, embeddings, cpu } = await build();
      jobs.start.mockResolvedValue(job({ clustering: 'embeddings' }));
      crawler.crawl.mockResolvedValue(outcome());
      settings.getSecret.mockResolvedValue(null);

      await sut.run('job-1');

      expect(embeddings.embedTexts).not.toHaveBeenCalled();
      expect(cpu.run).toHaveBeenCalledWith('clusterPool', expect.objectContaining({ vectors: undefined }));
      expect(jobs.complete).toHaveBeenCalledWith('job-1', {}, `${YIELDS} No OpenAI API key was saved, so sections were clustered by their text.`);
    });

    it('should cluster on the embeddings in embeddings mode', async () => {
      const { sut, jobs, crawler, settings, embeddings, cpu } = await build();
      jobs.start.mockResolvedValue(job({ clustering: 'embeddings' }));
      crawler.crawl.mockResolvedValue(outcome());
      settings.getSecret.mockResolvedValue('sk-key');
      embeddings.embedTexts.mockResolvedValue({ vectors: [[1, 0]], truncated: 0 });

      await sut.run('job-1');

      expect(embeddings.embedTexts).toHaveBeenCalledWith('sk-key', ['A\n\nIntro.'], 'embed the sections');
      expect(embeddings.embedTexts).toHaveBeenCalledWith('sk-key', ['Why\n\nBecause.'], 'embed the sections');
      expect(cpu.run).toHaveBeenCalledWith('clusterPool', expect.objectContaining({ vectors: [[1, 0]] }));
      expect(jobs.complete).toHaveBeenCalledWith('job-1', {}, YIELDS);
    });
  });

  describe('recover', () => {
    it('should queue every orphaned job once per job id', async () => {
      const { sut, jobs, queue } = await build();
      jobs.orphaned.mockResolvedValue(['a', 'b']);
      queue.send.mockResolvedValue(null as never);

      await sut.recover();

      expect(queue.send.mock.calls).toEqual([
        ['training-collection', { jobId: 'a' }, { singletonKey: 'a' }],
        ['training-collection', { jobId: 'b' }, { singletonKey: 'b' }],
      ]);
    });
  });
});
