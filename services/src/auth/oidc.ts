import type { JWTPayload } from 'jose';
import { z } from 'zod';

/** The parts of an issuer's discovery document the app uses beyond what @fastify/oauth2 takes. */
const metadataSchema = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  userinfo_endpoint: z.string().url().optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
export type OidcMetadata = z.infer<typeof metadataSchema>;

export function discoveryUrl(issuer: string): string {
  return issuer.includes('/.well-known/') ? issuer : `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

export async function discover(issuer: string, timeoutMs = 10_000): Promise<OidcMetadata> {
  const response = await fetch(discoveryUrl(issuer), { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`OIDC discovery at ${discoveryUrl(issuer)} answered ${response.status}`);
  return metadataSchema.parse(await response.json());
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
  nonce?: string;
}

/**
 * Validates an ID token against the issuer's published keys: signature, iss, aud, exp (with a
 * little clock skew) and the nonce this browser was given at /api/login. jose loads with the first
 * sign-in rather than while the gateway starts.
 */
export function idTokenVerifier(metadata: OidcMetadata, clientId: string) {
  let verify: Promise<(idToken: string) => Promise<IdTokenClaims>> | undefined;
  const load = () =>
    (verify ??= import('jose').then(
      ({ createRemoteJWKSet, jwtVerify }) => {
        const jwks = createRemoteJWKSet(new URL(metadata.jwks_uri));
        return async (idToken: string) => {
          const { payload } = await jwtVerify<IdTokenClaims>(idToken, jwks, {
            issuer: metadata.issuer,
            audience: clientId,
            clockTolerance: 60,
            requiredClaims: ['sub', 'exp', 'iat'],
          });
          return payload;
        };
      },
      (error: unknown) => {
        verify = undefined;
        throw error;
      },
    ));
  return async (idToken: string, nonce: string | undefined): Promise<IdTokenClaims> => {
    const payload = await (await load())(idToken);
    if (!nonce || payload.nonce !== nonce) throw new Error('ID token nonce does not match this sign-in');
    return payload;
  };
}
