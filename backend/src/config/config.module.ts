import { DynamicModule, Global, Module } from '@nestjs/common';
import { SecretBox } from '../common/secret-box';
import { AppConfig } from './config';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** The configuration read at start, and the one SecretBox its ENCRYPTION_KEY opens, for every module. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: SecretBox, useFactory: () => new SecretBox(config.encryptionKey) },
      ],
      exports: [APP_CONFIG, SecretBox],
    };
  }
}
