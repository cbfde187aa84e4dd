import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { features } from '../features.js';
import { buildMonitorApp } from '../platform/http/monitoring.js';
import { startProjector } from './projector-start.js';

/** The projector process for STORE=eventstoredb: $all → MongoDB read models, plus the reactors. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, 'projector');
  // Its heartbeat beats from before the catch-up, so `ops rebuild` asks it instead of racing it.
  const runtime = await startProjector({ config, logger, features });
  // Its own /healthz, /readyz and /metrics on PROJECTOR_PORT, so compose can health-check it.
  const monitor = await buildMonitorApp(runtime);
  await monitor.listen({ port: config.projectorPort, host: config.host });
  logger.info({ port: config.projectorPort }, 'projector monitoring is up (/healthz, /readyz, /metrics)');
  const shutdown = async () => {
    await monitor.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  // A rejected status read is logged, never left to crash the projector.
  setInterval(() => {
    runtime
      .engine!.status(config.readyzMaxLag + 1)
      .then((status) => logger.info({ lag: Math.max(0, ...status.map((s) => s.lag)) }, 'projector alive'))
      .catch((err: unknown) => logger.error({ err }, 'projector status failed'));
  }, 60_000).unref();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
