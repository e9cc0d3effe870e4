import { Module } from '@nestjs/common';
import { ConnectionsController } from './connections.controller';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionsService } from './connections.service';
import { ProviderChat } from './provider-chat';

/**
 * A workspace's model providers beside OpenAI (Home › Model providers). Removing one asks the
 * ConnectionUses port, which the sections provide (ConnectionUsesModule).
 */
@Module({
  controllers: [ConnectionsController],
  providers: [ConnectionsService, ConnectionsRepository, ProviderChat],
  exports: [ConnectionsService, ProviderChat],
})
export class ConnectionsModule {}
