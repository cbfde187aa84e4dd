import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { z } from 'zod';
import { memoryAdapterFactory } from './memory-adapter.js';

/**
 * A real OpenID Connect provider (panva/oidc-provider) for development and tests, on loopback.
 * Its sign-in page asks only for an e-mail: whoever types an address becomes that account. That is
 * why it refuses to run in production.
 */
export interface DevOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface DevOidcOptions {
  client: DevOidcClient;
  /** Default 0: an ephemeral port (nobody types the provider's address; the app discovers it). */
  port?: number;
  /**
   * Default 127.0.0.1. In a container (the compose dev override) 0.0.0.0, so the browser reaches it
   * through the published port; the issuer stays http://127.0.0.1:<port>, the same address inside the
   * container (the gateway) and on the host (the browser).
   */
  host?: string;
  /** NODE_ENV of the process; 'production' refuses to start. Default: process.env.NODE_ENV. */
  nodeEnv?: string;
}

export interface DevOidcProvider {
  issuer: string;
  client: DevOidcClient;
  close(): Promise<void>;
}

export const DEV_OIDC_REFUSAL =
  'The development OpenID provider accepts any e-mail without a password and never runs with NODE_ENV=production. ' +
  'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to a real identity provider.';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** The same e-mail always gets the same subject, so a user keeps their id across provider restarts. */
export const devSubjectFor = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

// One signing key per process: generating it is the slowest part of starting a provider.
let signingKey: Promise<JWK> | null = null;
const devSigningKey = () =>
  (signingKey ??= generateKeyPair('ES256', { extractable: true }).then(async ({ privateKey }) => ({
    ...(await exportJWK(privateKey)),
    alg: 'ES256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  })));

export async function startDevOidcProvider(options: DevOidcOptions): Promise<DevOidcProvider> {
  if ((options.nodeEnv ?? process.env.NODE_ENV) === 'production') throw new Error(DEV_OIDC_REFUSAL);

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, string>(); // sub → email

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    adapter: memoryAdapterFactory(),
    jwks: { keys: [await devSigningKey()] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name', 'picture'] },
    // Put the e-mail in the ID token as Google, Microsoft and Auth0 do, not only in userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const email = accounts.get(sub);
      if (!email) return undefined;
      const local = email.split('@')[0]!;
      const [given, ...rest] = local.split(/[._-]+/).map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w));
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email,
          email_verified: true,
          given_name: given ?? local,
          family_name: rest.join(' ') || undefined,
          name: [given, ...rest].join(' '),
        }),
      };
    },
    // A first-party client: no consent screen, grant what it asks for.
    async loadExistingGrant(ctx) {
      const oidc = ctx.oidc;
      const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec((req.url ?? '').split('?')[0]!);
    if (!match) return void providerCallback(req, res);
    handleInteraction(req, res, match[1]!, Boolean(match[2])).catch((error: unknown) => {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(page('Sign-in error', `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`));
    });
  });

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string, submitted: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('This sign-in link has expired. Start again from the site.');
    if (details.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant; anything else is not expected from this client.
      return provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
    }
    if (req.method === 'POST' && submitted) {
      const form = new URLSearchParams(await readBody(req));
      const parsed = emailSchema.safeParse(form.get('email') ?? '');
      if (!parsed.success) return sendLoginPage(res, uid, form.get('email') ?? '', 'Please enter a valid email address');
      const sub = devSubjectFor(parsed.data);
      accounts.set(sub, parsed.data);
      return provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return sendLoginPage(res, uid, hint);
  }

  return {
    issuer,
    client: options.client,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendLoginPage(res: ServerResponse, uid: string, email: string, error?: string): void {
  res.statusCode = error ? 400 : 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(
    page(
      'Sign in (development)',
      `<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <label for="email">Email</label>
  <input id="email" name="email" type="text" autocomplete="email" autofocus value="${escapeHtml(email)}">
  ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
  <button type="submit">Sign in</button>
</form>
<p><small>Local development provider: no password is asked. Never used in production.</small></p>`,
    ),
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}label,input,button{display:block;width:100%;box-sizing:border-box;margin:.4rem 0}input,button{padding:.5rem;font-size:1rem}[role=alert]{color:#a11}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: IncomingMessage, limit = 16 * 1024): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > limit) throw new Error('Request too large');
  }
  return body;
}
