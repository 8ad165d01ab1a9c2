import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startServices } from './services.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }

  const logger = createLogger(config.logLevel);
  const services = await startServices(config, { log: logger });
  const app = await buildApp(services.deps, { logger, readinessChecks: services.readinessChecks });
  app.addHook('onClose', async () => services.close());

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the store cleanly.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
}

main().catch((err) => {
  process.stderr.write(`scanpin failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
