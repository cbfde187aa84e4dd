import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/platform/config.js';
import { createRuntime } from '../src/platform/runtime/runtime.js';
import { features } from '../src/features.js';
import { PUBLIC_URL, outboxIn } from './api-bench-shared.js';

/**
 * A gateway's runtime as the benches start it: a fresh embedded store in a data directory of its own
 * (its outbox where outboxIn puts it), silent logs, no rate limit, no demo seed, no web build.
 */
export async function benchRuntime(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  outboxIn(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    SEED_DEMO: 'false',
    PUBLIC_URL,
    WEB_DIST: join(dataDir, 'no-web'),
  });
  const runtime = await createRuntime({ config, logger: pino({ level: 'silent' }), features });
  return { dataDir, config, runtime };
}
