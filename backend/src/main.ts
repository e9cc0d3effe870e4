import './config/compile-cache';
import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { requiredNode, runtimeProblem } from './config/runtime';
import { startEmbeddedDatabaseEarly } from './database/embedded-start';

async function bootstrap(): Promise<void> {
  const runtime = runtimeProblem(process.version, requiredNode());
  if (runtime) {
    process.stderr.write(`${runtime}\n`);
    process.exit(1);
  }
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
  // The embedded database's image is unpacked and PGlite compiled in a thread while the rest of
  // the server loads (embedded-start.ts), so that is loaded only now.
  if (config.database.kind === 'pglite') startEmbeddedDatabaseEarly(config.database.dataDir);
  const [{ Logger }, { AppLogger }, logging, { createApp }] = await Promise.all([
    import('@nestjs/common'),
    import('./common/app-logger'),
    import('./common/logging'),
    import('./app.factory'),
  ]);
  // Readable lines for a person at a terminal, JSON lines wherever logs are collected (LOG_FORMAT, config.ts).
  const destination = config.log.format === 'pretty' ? await logging.prettyDestination() : undefined;
  const logger = new AppLogger(logging.createRootLogger(config.log, destination));
  // A promise nobody awaited must not end the server for every user: it is logged (redacted) instead.
  process.on('unhandledRejection', (reason) => new Logger('Quire').error(reason instanceof Error ? reason : `Unhandled rejection: ${String(reason)}`));
  const app = await createApp(config, logger);
  await app.listen(config.port, config.host);
  keepIdleConnectionsOpen(app.getHttpServer());
  if (config.log.format === 'pretty') {
    process.stdout.write(logging.startBanner(config));
    return;
  }
  const log = new Logger('Quire');
  if (config.authMode === 'local') {
    log.warn('Local sign-in is on: anyone who can reach this server signs in as the operator. It is for one machine only.');
  }
  log.log(`Quire listening on ${config.appUrl} (${config.host}:${config.port}, auth ${config.authMode}, Node.js ${process.version})`);
}

/**
 * An idle keep-alive connection is closed by the server only after a proxy, a load balancer or a
 * script's client would have closed it: with Node's 5-second default, a request sent on a
 * connection at the moment the server closes it fails with a reset (docs/decisions.md › Operating
 * Quire › Idle connections).
 */
function keepIdleConnectionsOpen(server: { keepAliveTimeout: number }): void {
  server.keepAliveTimeout = 65_000;
}

bootstrap().catch((error) => {
  process.stderr.write(`Quire failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
