import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { ClientsModule } from '../clients/clients.module';
import { ExamplesModule } from '../examples/examples.module';
import { LogitBiasGroupsModule } from '../logit-bias-groups/logit-bias-groups.module';
import { ModelsModule } from '../models/models.module';
import { NotionWebhooksModule } from '../notion-webhooks/notion-webhooks.module';
import { UsersModule } from '../users/users.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { ArticleFailures } from './article-failures';
import { ArticleQueue } from './article-queue';
import { ArticleWriter } from './article-writer';
import { RowTemplates } from './row-templates';
import { GenerationController } from './generation.controller';
import { GenerationRepository } from './generation.repository';
import { GenerationService } from './generation.service';
import { NotionSettingsReader } from './notion-settings';
import { SectionWriter } from './section-writer';

/**
 * The generation workflow. A bulk template's sections go to bulk writing through the
 * SectionDeferral port, which BulkModule provides (generation never imports bulk).
 */
@Module({
  imports: [UsersModule, WorkspacesModule, ArticlesModule, ClientsModule, ModelsModule, LogitBiasGroupsModule, ExamplesModule, NotionWebhooksModule],
  controllers: [GenerationController],
  providers: [GenerationService, GenerationRepository, SectionWriter, ArticleWriter, NotionSettingsReader, ArticleFailures, ArticleQueue, RowTemplates],
  exports: [GenerationService, GenerationRepository, SectionWriter, ArticleFailures, ArticleQueue, RowTemplates, NotionSettingsReader],
})
export class GenerationModule {}
