import { Module } from '@nestjs/common';
import { NotionWebhooksController } from './notion-webhooks.controller';
import { NotionWebhooksRepository } from './notion-webhooks.repository';
import { NotionWebhooksService } from './notion-webhooks.service';

/** A workspace's Notion webhook: its address, its subscription's verification, the events taken and queued. */
@Module({
  controllers: [NotionWebhooksController],
  providers: [NotionWebhooksService, NotionWebhooksRepository],
  exports: [NotionWebhooksRepository],
})
export class NotionWebhooksModule {}
