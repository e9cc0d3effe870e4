import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { BackUpBeforeMigrating, DatabaseService } from './database.service';

/**
 * The database is opened and migrated before any module that queries it is built. The application
 * gives it the backup made before a migration (backup/before-migrating.ts).
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(backUpBeforeMigrating: BackUpBeforeMigrating): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DatabaseService,
          useFactory: async (config: AppConfig) => {
            const service = new DatabaseService(config, backUpBeforeMigrating);
            await service.open();
            return service;
          },
          inject: [APP_CONFIG],
        },
      ],
      exports: [DatabaseService],
    };
  }
}
