import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { Crawler, CrawlOutcome } from '../training-data/crawler/crawler';
import { JobPageStore } from './job-page-store';
import { TrainingJobRow } from './training-jobs.schema';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingPagesRepository } from './training-pages.repository';

/**
 * Crawls a training job's site with the server's settings, its frontier kept in the job's page
 * rows (so a restarted crawl resumes). A Crawler per crawl: it holds the site's robots.txt delay.
 */
@Injectable()
export class JobCrawler {
  constructor(
    private readonly jobs: TrainingJobsRepository,
    private readonly pages: TrainingPagesRepository,
    private readonly cpu: CpuPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  crawl(job: TrainingJobRow, signal: AbortSignal): Promise<CrawlOutcome> {
    const crawler = new Crawler({
      maxPages: this.config.crawlMaxPages,
      hostConcurrency: this.config.crawlHostConcurrency,
      hostDelayMs: this.config.crawlHostDelayMs,
      allowPrivateNetworks: this.config.crawlAllowPrivateNetworks,
      userAgent: `QuireBot/1.0 (+${this.config.appUrl})`,
      parsePage: (page) => this.cpu.run('parsePage', page),
    });
    return crawler.crawl(job.url, new JobPageStore(job, this.jobs, this.pages, this.config.crawlMaxPages), signal);
  }
}
