import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { AppLogger } from './common/app-logger';
import { ConfigError, loadConfig } from './config/config';
import { createApp } from './app.factory';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Structured (JSON) logs wherever logs are collected; readable lines in a terminal.
  const logger = new AppLogger({ json: !process.stdout.isTTY, prefix: 'Quire' });
  // A promise nobody awaited must not end the server for every user: it is logged (redacted) instead.
  process.on('unhandledRejection', (reason) => new Logger('Quire').error(reason instanceof Error ? reason : `Unhandled rejection: ${String(reason)}`));
  const app = await createApp(config, logger);
  await app.listen(config.port, config.host);
  const log = new Logger('Quire');
  if (config.authMode === 'local') {
    log.warn('Local sign-in is on: anyone who can reach this server signs in as the operator. It is for one machine only.');
  }
  log.log(`Quire listening on ${config.appUrl} (${config.host}:${config.port}, auth ${config.authMode})`);
}

bootstrap().catch((error) => {
  process.stderr.write(`Quire failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
