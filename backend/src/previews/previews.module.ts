import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { ClientsModule } from '../clients/clients.module';
import { GenerationModule } from '../generation/generation.module';
import { ModelsModule } from '../models/models.module';
import { SectionsModule } from '../sections/sections.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { PreviewEvents } from './preview-events';
import { PreviewsController } from './previews.controller';
import { PreviewsRepository } from './previews.repository';
import { PreviewsService } from './previews.service';

@Module({
  imports: [WorkspacesModule, ArticlesModule, SectionsModule, ClientsModule, ModelsModule, GenerationModule],
  controllers: [PreviewsController],
  providers: [PreviewsRepository, PreviewsService, PreviewEvents],
})
export class PreviewsModule {}
