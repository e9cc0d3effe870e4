import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { backUpBeforeMigrating } from './backup/before-migrating';
import { JobsModule } from './jobs/jobs.module';
import { CpuPoolModule } from './cpu-pool/cpu-pool.module';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { HealthController } from './health/health.controller';
import { OpenAiModule } from './integrations/openai/openai.module';
import { PaceModule } from './integrations/pace/pace.module';
import { ModelsModule } from './models/models.module';
import { FineTuneJobsModule } from './fine-tune-jobs/fine-tune-jobs.module';
import { TrainingJobsModule } from './training-jobs/training-jobs.module';
import { TrainingSnapshotsModule } from './training-snapshots/training-snapshots.module';
import { GoogleModule } from './integrations/google/google.module';
import { LogitBiasGroupsModule } from './logit-bias-groups/logit-bias-groups.module';
import { SectionsModule } from './sections/sections.module';
import { ConnectionUsesModule } from './sections/connection-uses.module';
import { ArticlesModule } from './articles/articles.module';
import { ModelLifecycleModule } from './model-lifecycle/model-lifecycle.module';
import { ClientsModule } from './clients/clients.module';
import { NotionModule } from './integrations/notion/notion.module';
import { GenerationModule } from './generation/generation.module';
import { BulkModule } from './bulk/bulk.module';
import { BudgetsModule } from './budgets/budgets.module';
import { TokensModule } from './tokens/tokens.module';
import { NotionWebhooksModule } from './notion-webhooks/notion-webhooks.module';
import { WorkspacesModule } from './workspaces/workspaces.module';
import { FirstRunModule } from './first-run/first-run.module';
import { HistoryModule } from './history/history.module';
import { PreviewsModule } from './previews/previews.module';
import { EvaluationsModule } from './evaluations/evaluations.module';
import { MetricsModule } from './metrics/metrics.module';
import { BackupModule } from './backup/backup.module';
import { ConnectionsModule } from './connections/connections.module';
import { PermissionGuard } from './workspaces/permission.guard';
import { AuditInterceptor } from './workspaces/audit.interceptor';
import { DeclaredAccessCheck } from './common/access';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ScheduleModule.forRoot(),
        DiscoveryModule,
        DatabaseModule.forRoot(backUpBeforeMigrating),
        JobsModule,
        MetricsModule,
        CpuPoolModule,
        AuthModule.forRoot(config),
        WorkspacesModule,
        UsersModule,
        PaceModule,
        OpenAiModule,
        ConnectionsModule,
        ModelsModule,
        FineTuneJobsModule,
        TrainingJobsModule,
        TrainingSnapshotsModule,
        GoogleModule,
        LogitBiasGroupsModule,
        SectionsModule,
        ConnectionUsesModule,
        ArticlesModule,
        ModelLifecycleModule,
        ClientsModule,
        NotionModule,
        GenerationModule,
        BulkModule,
        BudgetsModule,
        TokensModule,
        NotionWebhooksModule,
        HistoryModule,
        FirstRunModule,
        PreviewsModule,
        EvaluationsModule,
        BackupModule,
      ],
      controllers: [HealthController],
      // Every route declares who may call it (common/access.ts): checked at start-up, enforced by the role guard, read by the audit writer.
      providers: [DeclaredAccessCheck, { provide: APP_GUARD, useClass: PermissionGuard }, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
    };
  }
}
