import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppConfig } from './config/config';
import { configureApp } from './app.setup';
import { AppLogger } from './common/app-logger';
import { createRootLogger } from './common/logging';

/**
 * Builds and initialises the whole app; main.ts listens on it, tests drive it with supertest.
 * `logger`: where its log goes (false: nowhere; unset: JSON lines to standard output).
 */
export async function createApp(config: AppConfig, logger?: AppLogger | false): Promise<NestExpressApplication> {
  const appLogger =
    logger === false
      ? new AppLogger(createRootLogger({ format: 'json', level: 'error' }, { write: () => undefined }))
      : (logger ?? new AppLogger(createRootLogger(config.log)));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: logger === false ? false : appLogger,
    bodyParser: false,
    abortOnError: false,
  });
  configureApp(app, config, appLogger.root);
  await app.init();
  return app;
}
