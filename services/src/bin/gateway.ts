import { clockFromEnv } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { createRuntime } from '../platform/runtime/runtime.js';
import { buildApp } from '../platform/http/app.js';
import { features } from '../features.js';
import { withDevOidc } from '../dev-oidc/index.js';

/**
 * The gateway process. In the embedded mode it also runs the projections in-process; with
 * STORE=eventstoredb it reads what the projector process writes.
 */
export async function runGateway(): Promise<void> {
  const baseConfig = loadConfig();
  const logger = createLogger(baseConfig.logLevel, 'gateway');
  // OIDC_ISSUER unset: the local sign-in provider on loopback (it refuses to start in production).
  const devOidc = await withDevOidc(baseConfig, logger);
  const config = devOidc.config;
  const clock = clockFromEnv(process.env.CAFE_TEST_CLOCK, config.production);
  const runtime = await createRuntime({ config, logger, features, clock });
  const app = await buildApp(runtime);
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await runtime.close();
    await devOidc.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: config.publicUrl, store: config.store, dataDir: config.dataDir }, 'café site is up');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runGateway().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
