import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import { callbackUrl } from '../auth/index.js';
import type { DevOidcProvider } from './dev-oidc-provider.js';

export const DEV_CLIENT_ID = 'cafe-dev';

/**
 * When OIDC_ISSUER is unset, starts the local provider with a client matching this app (its
 * PUBLIC_URL callback) and returns the configuration pointing at it. Refuses in production.
 */
export async function withDevOidc(
  config: Config,
  logger?: Pick<Logger, 'info' | 'warn'>,
): Promise<{ config: Config; provider: DevOidcProvider | null; close(): Promise<void> }> {
  if (config.oidc.issuer) return { config, provider: null, close: async () => {} };
  // Loaded only here: a gateway with a real identity provider never loads the provider's code.
  const { startDevOidcProvider } = await import('./dev-oidc-provider.js');
  const provider = await startDevOidcProvider({
    nodeEnv: config.production ? 'production' : config.env,
    host: config.devOidc.host,
    port: config.devOidc.port,
    client: {
      clientId: config.oidc.clientId ?? DEV_CLIENT_ID,
      clientSecret: config.oidc.clientSecret ?? randomBytes(24).toString('base64url'),
      redirectUris: [callbackUrl(config)],
    },
  });
  logger?.warn(
    { issuer: provider.issuer },
    'OIDC_ISSUER is unset: the local development sign-in provider is running (any e-mail, no password). Never use it in production.',
  );
  return {
    config: {
      ...config,
      oidc: { issuer: provider.issuer, clientId: provider.client.clientId, clientSecret: provider.client.clientSecret, dev: true },
    },
    provider,
    close: () => provider.close(),
  };
}
