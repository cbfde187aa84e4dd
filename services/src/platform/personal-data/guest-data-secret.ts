import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { ensurePrivateDir, writeNewSecret } from '../private-files.js';

/**
 * GUEST_DATA_SECRET, or (embedded) one generated at first start and kept in DATA_DIR beside the
 * events, as the session secret is. Production with the real servers requires it (config.ts).
 */
export function embeddedGuestDataSecret(config: Config): string {
  if (config.guestDataSecret) return config.guestDataSecret;
  const file = join(config.dataDir, 'guest-data-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDir(config.dataDir);
  const secret = randomBytes(32).toString('base64url');
  try {
    writeNewSecret(file, secret);
  } catch {
    // Another process (ops beside the gateway) wrote it first: use theirs.
    return readFileSync(file, 'utf8').trim();
  }
  return secret;
}

/** Development with the real servers and no secret set (config.ts decides when it applies). */
export { DEVELOPMENT_GUEST_DATA_SECRET } from '../config.js';
