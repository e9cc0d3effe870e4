import { Module } from '@nestjs/common';
import { GenerationModule } from '../generation/generation.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { FirstRunController } from './first-run.controller';
import { FirstRunRepository } from './first-run.repository';
import { FirstRunService } from './first-run.service';

/** Home's first-run checklist: it reads the other modules' records and Notion's database, and changes nothing. */
@Module({
  imports: [GenerationModule, WorkspacesModule],
  controllers: [FirstRunController],
  providers: [FirstRunService, FirstRunRepository],
})
export class FirstRunModule {}
