import { Module } from '@nestjs/common';
import { LogitBiasGroupsModule } from '../logit-bias-groups/logit-bias-groups.module';
import { ModelsModule } from '../models/models.module';
import { SectionsController } from './sections.controller';
import { SectionsRepository } from './sections.repository';
import { SectionsService } from './sections.service';

@Module({
  imports: [ModelsModule, LogitBiasGroupsModule],
  controllers: [SectionsController],
  providers: [SectionsService, SectionsRepository],
  exports: [SectionsService, SectionsRepository],
})
export class SectionsModule {}
