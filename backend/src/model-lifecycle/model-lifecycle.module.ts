import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { ModelsModule } from '../models/models.module';
import { SectionsModule } from '../sections/sections.module';
import { ModelLifecycleController } from './model-lifecycle.controller';
import { ModelLifecycleRepository } from './model-lifecycle.repository';
import { ModelLifecycleService } from './model-lifecycle.service';

/** Models that OpenAI stops: Home's banner, and replacing one everywhere it is used. */
@Module({
  imports: [ModelsModule, SectionsModule, ArticlesModule],
  controllers: [ModelLifecycleController],
  providers: [ModelLifecycleService, ModelLifecycleRepository],
})
export class ModelLifecycleModule {}
