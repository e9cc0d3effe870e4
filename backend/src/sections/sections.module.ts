import { Module } from '@nestjs/common';
import { LogitBiasGroupsModule } from '../logit-bias-groups/logit-bias-groups.module';
import { ModelsModule } from '../models/models.module';
import { SectionsController } from './sections.controller';
import { SectionsRepository } from './sections.repository';
import { SectionsService } from './sections.service';
import { SectionVersionsRepository } from './section-versions.repository';

@Module({
  imports: [ModelsModule, LogitBiasGroupsModule],
  controllers: [SectionsController],
  providers: [SectionsService, SectionsRepository, SectionVersionsRepository],
  exports: [SectionsService, SectionsRepository, SectionVersionsRepository],
})
export class SectionsModule {}
