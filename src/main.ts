import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { wire } from './wiring.js';

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
  const wiring = await wire(config, { log: logger });
  const app = await buildApp(wiring.context, { logger, probes: wiring.probes });
  app.addHook('onClose', async () => wiring.close());

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
