import { NotionWebhooksController } from './notion-webhooks.controller';
import { NotionWebhooksService } from './notion-webhooks.service';
import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { ClientsModule } from '../clients/clients.module';
import { ExamplesModule } from '../examples/examples.module';
import { LogitBiasGroupsModule } from '../logit-bias-groups/logit-bias-groups.module';
import { ModelsModule } from '../models/models.module';
import { UsersModule } from '../users/users.module';
import { ArticleWriter } from './article-writer';
import { GenerationController } from './generation.controller';
import { GenerationRepository } from './generation.repository';
import { GenerationRunner } from './generation.runner';
import { GenerationService } from './generation.service';
import { SectionWriter } from './section-writer';
import { BulkController } from '../bulk/bulk.controller';
import { BulkRepository } from '../bulk/bulk.repository';
import { BulkRunner } from '../bulk/bulk.runner';
import { BulkService } from '../bulk/bulk.service';
import { BulkResults } from '../bulk/bulk-results';

@Module({
  imports: [UsersModule, ArticlesModule, ClientsModule, ModelsModule, LogitBiasGroupsModule, ExamplesModule],
  controllers: [GenerationController, NotionWebhooksController, BulkController],
  // Bulk writing (backend/src/bulk, issue 30) is part of the workflow: an article of a bulk template hands its sections to it.
  providers: [
    GenerationService,
    GenerationRepository,
    SectionWriter,
    ArticleWriter,
    GenerationRunner,
    NotionWebhooksService,
    BulkRepository,
    BulkService,
    BulkResults,
    BulkRunner,
  ],
  exports: [GenerationService, SectionWriter, BulkRepository],
})
export class GenerationModule {}
