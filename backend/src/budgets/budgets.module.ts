import { Global, Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { ClientsModule } from '../clients/clients.module';
import { ConnectionsModule } from '../connections/connections.module';
import { ARTICLE_BUDGET } from '../generation/article-budget';
import { GenerationModule } from '../generation/generation.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { BudgetsController } from './budgets.controller';
import { BudgetsRepository } from './budgets.repository';
import { BudgetsService } from './budgets.service';

/**
 * Monthly spending limits of a workspace and its clients. It reads the generation workflow's
 * articles and sections and gives generation back one thing, the ArticleBudget port; global so
 * that generation receives the port without importing budgets.
 */
@Global()
@Module({
  imports: [GenerationModule, ArticlesModule, ClientsModule, ConnectionsModule, WorkspacesModule],
  controllers: [BudgetsController],
  providers: [BudgetsRepository, BudgetsService, { provide: ARTICLE_BUDGET, useExisting: BudgetsService }],
  exports: [ARTICLE_BUDGET],
})
export class BudgetsModule {}
