import { BadRequestException, ConflictException } from '@nestjs/common';
import { scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { NO_OPENAI_KEY_MESSAGE } from '../models/models.service';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { ownedBy } from '../workspaces/scope';
import { TrainingCollectionService } from './training-collection.service';
import { TrainingJobsRepository } from './training-jobs.repository';
import { TrainingJobRow } from './training-jobs.schema';
import { TrainingJobsService } from './training-jobs.service';

describe(TrainingJobsService.name, () => {
  async function build() {
    const built = await buildService(TrainingJobsService, {
      jobs: TrainingJobsRepository,
      collection: TrainingCollectionService,
      settings: WorkspaceSettingsService,
    });
    built.jobs.create.mockImplementation(
      async ({ scope, ...values }) =>
        ({
          ...ownedBy(scope),
          status: 'queued',
          message: null,
          timestamp: new Date(0),
          startedAt: null,
          completedAt: null,
          leaseUntil: null,
          attempts: 0,
          ...values,
        }) as TrainingJobRow,
    );
    built.collection.enqueue.mockResolvedValue();
    return built;
  }

  describe('submit', () => {
    it('should save the address without its fragment and queue the crawl', async () => {
      const { sut, jobs, collection } = await build();

      const job = await sut.submit(SCOPE, { url: 'https://blog.test/posts/#top' });

      expect(jobs.create).toHaveBeenCalledWith(expect.objectContaining({ scope: SCOPE, url: 'https://blog.test/posts/', clustering: 'text' }));
      expect(collection.enqueue).toHaveBeenCalledWith(job._id);
    });

    it.each([
      ['not a url', 'url must be a full web address such as https://example.com/blog/'],
      ['ftp://blog.test/', 'url must start with http:// or https://'],
      ['https://ann:secret@blog.test/', 'url must not contain a user name or password'],
    ])('should refuse %j with a 400 saying why, queueing nothing', async (url, message) => {
      const { sut, jobs } = await build();

      await expect(sut.submit(SCOPE, { url })).rejects.toThrow(new BadRequestException(message));
      expect(jobs.create).not.toHaveBeenCalled();
    });

    it('should ask for the OpenAI key (409) before clustering by embeddings', async () => {
      const { sut, settings, jobs } = await build();
      settings.getSecret.mockResolvedValue(null);

      await expect(sut.submit(SCOPE, { url: 'https://blog.test/', clustering: 'embeddings' })).rejects.toThrow(new ConflictException(NO_OPENAI_KEY_MESSAGE));
      expect(jobs.create).not.toHaveBeenCalled();
    });
  });
});
