import { Global, Module } from '@nestjs/common';
import { GenerationModule } from '../generation/generation.module';
import { SECTION_DEFERRAL } from '../generation/section-deferral';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { BulkController } from './bulk.controller';
import { BulkRepository } from './bulk.repository';
import { BulkService } from './bulk.service';
import { BulkResults } from './bulk-results';
import { AnthropicBulk } from './anthropic-bulk';
import { ConnectionsModule } from '../connections/connections.module';

/**
 * Bulk writing: a bulk template's sections through OpenAI's Batch API and Anthropic's Message
 * Batches. It uses the generation workflow (its jobs, its section writing) and the model providers
 * (an Anthropic provider's key, what its models refused), and gives generation back one thing, the
 * SectionDeferral port; global so that generation receives the port without importing bulk.
 */
@Global()
@Module({
  imports: [GenerationModule, WorkspacesModule, ConnectionsModule],
  controllers: [BulkController],
  providers: [BulkRepository, BulkService, BulkResults, AnthropicBulk, { provide: SECTION_DEFERRAL, useExisting: BulkService }],
  exports: [BulkRepository, SECTION_DEFERRAL],
})
export class BulkModule {}
