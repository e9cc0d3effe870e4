import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { DatabaseService } from './database.service';

/** The database is opened and migrated before any module that queries it is built. */
@Global()
@Module({
  providers: [
    {
      provide: DatabaseService,
      useFactory: async (config: AppConfig) => {
        const service = new DatabaseService(config);
        await service.open();
        return service;
      },
      inject: [APP_CONFIG],
    },
  ],
  exports: [DatabaseService],
})
export class DatabaseModule {}
