import { Module } from '@nestjs/common';
import { LogitBiasGroupsModule } from '../logit-bias-groups/logit-bias-groups.module';
import { ModelsModule } from '../models/models.module';
import { SectionsModule } from '../sections/sections.module';
import { ArticlesController } from './articles.controller';
import { ArticlesRepository } from './articles.repository';
import { ArticlesService } from './articles.service';

@Module({
  imports: [SectionsModule, LogitBiasGroupsModule, ModelsModule],
  controllers: [ArticlesController],
  providers: [ArticlesService, ArticlesRepository],
  exports: [ArticlesRepository, ArticlesService],
})
export class ArticlesModule {}
