import { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppConfig } from './config/config';
import { configureApp } from './app.setup';

/** Builds and initialises the whole app; main.ts listens on it, tests drive it with supertest. */
export async function createApp(config: AppConfig, logger?: LoggerService | false): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: logger ?? undefined,
    bodyParser: false,
    abortOnError: false,
  });
  configureApp(app, config);
  await app.init();
  return app;
}
