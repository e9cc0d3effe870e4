import { Global, Module } from '@nestjs/common';
import { CONNECTION_USES, ConnectionUses } from '../connections/connection-uses';
import { SectionsModule } from './sections.module';
import { SectionsRepository } from './sections.repository';

/**
 * Gives connections the one thing it asks of the models and sections above it: what stands on a
 * provider (connection-uses.ts). Global, so connections receives it without importing sections.
 */
@Global()
@Module({
  imports: [SectionsModule],
  providers: [
    {
      provide: CONNECTION_USES,
      useFactory: (sections: SectionsRepository): ConnectionUses => ({ of: (scope, connectionId) => sections.onConnection(scope, connectionId) }),
      inject: [SectionsRepository],
    },
  ],
  exports: [CONNECTION_USES],
})
export class ConnectionUsesModule {}
