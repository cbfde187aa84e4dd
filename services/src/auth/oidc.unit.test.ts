import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { discoveryUrl, idTokenVerifier, type OidcMetadata } from './oidc.js';

// An issuer publishing one key: the verifier must accept only tokens it signed, for this client,
// unexpired, carrying the nonce of this sign-in.
describe('ID token validation', () => {
  let server: Server;
  let key: CryptoKey;
  let otherKey: CryptoKey;
  let metadata: OidcMetadata;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    ({ privateKey: otherKey } = await generateKeyPair('ES256'));
    const signing = await generateKeyPair('ES256', { extractable: true });
    key = signing.privateKey;
    const jwk = { ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    metadata = {
      issuer: 'https://issuer.example',
      authorization_endpoint: 'https://issuer.example/auth',
      token_endpoint: 'https://issuer.example/token',
      jwks_uri: `${base}/jwks`,
    };
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const token = (claims: Record<string, unknown> = {}, signWith: CryptoKey = key) =>
    new SignJWT({ nonce: 'n-1', email: 'owner@example.com', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : 'https://issuer.example')
      .setAudience(typeof claims.aud === 'string' ? claims.aud : 'cafe')
      .setSubject('user-1')
      .setIssuedAt(now)
      .setExpirationTime(Number(claims.exp ?? now + 300))
      .sign(signWith);

  it('accepts a token signed by the issuer for this client with the right nonce', async () => {
    const claims = await idTokenVerifier(metadata, 'cafe')(await token(), 'n-1');
    expect(claims).toMatchObject({ sub: 'user-1', email: 'owner@example.com' });
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example' }, 'n-1'],
    ['another audience', { aud: 'someone-else' }, 'n-1'],
    ['an expired token', { exp: now - 3600 }, 'n-1'],
    ['another nonce', {}, 'n-2'],
    ['no nonce cookie', {}, undefined],
  ])('refuses %s', async (_label, claims, nonce) => {
    await expect(idTokenVerifier(metadata, 'cafe')(await token(claims), nonce)).rejects.toThrow();
  });

  it('refuses a token signed with a key the issuer does not publish', async () => {
    await expect(idTokenVerifier(metadata, 'cafe')(await token({}, otherKey), 'n-1')).rejects.toThrow();
  });

  it('builds the discovery URL from an issuer with or without a trailing slash or path', () => {
    expect(discoveryUrl('https://accounts.google.com')).toBe('https://accounts.google.com/.well-known/openid-configuration');
    expect(discoveryUrl('https://kc.example/realms/cafe/')).toBe('https://kc.example/realms/cafe/.well-known/openid-configuration');
    expect(discoveryUrl('https://x.example/.well-known/openid-configuration')).toBe('https://x.example/.well-known/openid-configuration');
  });
});
