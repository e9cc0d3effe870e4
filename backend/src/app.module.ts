import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
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
import { ArticlesModule } from './articles/articles.module';
import { ModelLifecycleModule } from './model-lifecycle/model-lifecycle.module';
import { ClientsModule } from './clients/clients.module';
import { NotionModule } from './integrations/notion/notion.module';
import { GenerationModule } from './generation/generation.module';
import { HistoryModule } from './history/history.module';
import { PreviewsModule } from './previews/previews.module';
import { EvaluationsModule } from './evaluations/evaluations.module';
import { MetricsModule } from './metrics/metrics.module';
import { BackupModule } from './backup/backup.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ScheduleModule.forRoot(),
        DatabaseModule,
        JobsModule,
        MetricsModule,
        CpuPoolModule,
        AuthModule.forRoot(config),
        UsersModule,
        PaceModule,
        OpenAiModule,
        ModelsModule,
        FineTuneJobsModule,
        TrainingJobsModule,
        TrainingSnapshotsModule,
        GoogleModule,
        LogitBiasGroupsModule,
        SectionsModule,
        ArticlesModule,
        ModelLifecycleModule,
        ClientsModule,
        NotionModule,
        GenerationModule,
        HistoryModule,
        PreviewsModule,
        EvaluationsModule,
        BackupModule,
      ],
      controllers: [HealthController],
    };
  }
}
