import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../platform/config.js';

/**
 * docker-compose.yml cannot be run here (no Docker engine, no compose plugin), so its definitions are
 * checked as data: what the gateway and projector get, and that the config loader accepts or refuses it.
 */
const root = join(import.meta.dirname, '..', '..', '..');
interface Service {
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  ports?: string[];
  command?: string[];
}
/**
 * As `docker compose` reads it: parsed, then each `${NAME:-default}` in a value is NAME as the shell or
 * .env sets it (`vars`; unset or empty: the default), and `$$` a `$`.
 */
const readCompose = (file: string, vars: Record<string, string> = {}) => {
  const interpolate = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(/\$\$|\$\{(\w+)(?::-([^}]*))?\}/g, (match, name?: string, fallback?: string) =>
        match === '$$' ? '$' : vars[name!] || (fallback ?? ''),
      );
    }
    if (Array.isArray(value)) return value.map(interpolate);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)]));
    return value;
  };
  return interpolate(parse(readFileSync(join(root, file), 'utf8'), { merge: true })) as { services: Record<string, Service> };
};
const compose = readCompose('docker-compose.yml');
const dev = readCompose('docker-compose.dev.yml');
const env = (service: Service) => Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));
/** What a .env beside the compose file would set for a real deployment. */
const dotEnv = {
  SESSION_SECRET: 'x'.repeat(40),
  GUEST_LINK_SECRET: 'g'.repeat(40),
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'cafe',
  OIDC_CLIENT_SECRET: 's',
  GUEST_DATA_SECRET: 'g'.repeat(40),
  SMTP_URL: 'smtp://mail.example.com:587',
};
/** .env's PUBLIC_URL reaches the containers through the compose file's `${PUBLIC_URL:-}`. */
const site = { PUBLIC_URL: 'https://cafe.example.com' };

describe('docker-compose.yml', () => {
  const { gateway, projector } = compose.services;

  it('runs the gateway and the projector in production, so the local sign-in provider never starts', () => {
    expect(env(gateway!).NODE_ENV).toBe('production');
    expect(env(projector!).NODE_ENV).toBe('production');
  });

  it('refuses to start without the sign-in settings, naming them; starts with them', () => {
    expect(() => loadConfig(env(gateway!))).toThrow(
      /NODE_ENV=production needs SESSION_SECRET, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
    );
    const { GUEST_DATA_SECRET: _secret, ...withoutGuestSecret } = dotEnv;
    expect(() => loadConfig({ ...withoutGuestSecret, ...env(gateway!) })).toThrow(/needs GUEST_DATA_SECRET/);
    const withSite = readCompose('docker-compose.yml', site).services;
    for (const service of [withSite.gateway!, withSite.projector!]) {
      const config = loadConfig({ ...dotEnv, ...env(service) });
      expect(config.store).toBe('eventstoredb');
      expect(config.oidc.issuer).toBe(dotEnv.OIDC_ISSUER);
      expect(config).toMatchObject({ publicUrl: site.PUBLIC_URL, mailTransport: 'smtp', smtpUrl: dotEnv.SMTP_URL });
    }
  });

  it('refuses to start without SMTP_URL and PUBLIC_URL (mail would be files, its links localhost) unless MAIL_TRANSPORT=outbox', () => {
    const { SMTP_URL: _smtp, ...withoutMail } = dotEnv;
    for (const service of [gateway!, projector!]) {
      expect(() => loadConfig({ ...withoutMail, ...env(service) })).toThrow(
        /^Invalid configuration: NODE_ENV=production needs SMTP_URL, PUBLIC_URL \(/,
      );
      // The compose file passes PUBLIC_URL empty when .env has none: missing, not an invalid URL.
      expect(() => loadConfig({ ...dotEnv, ...env(service) })).toThrow(/needs PUBLIC_URL \(/);
      const tryOut = loadConfig({ ...withoutMail, MAIL_TRANSPORT: 'outbox', ...env(service) });
      expect(tryOut).toMatchObject({ production: true, mailTransport: 'outbox', publicUrl: 'http://localhost:3000' });
    }
  });

  it("takes EVENTSTORE_URL and MONGODB_URL from .env (TLS, credentials), the compose services' otherwise", () => {
    expect(env(gateway!)).toMatchObject({
      EVENTSTORE_URL: 'esdb://eventstoredb:2113?tls=false',
      MONGODB_URL: 'mongodb://mongodb:27017/?replicaSet=rs0',
    });
    const hardened = {
      EVENTSTORE_URL: 'esdb://admin:secret@eventstoredb:2113?tls=true',
      MONGODB_URL: 'mongodb://cafe:secret@mongodb:27017/?replicaSet=rs0&authSource=admin',
    };
    const { services } = readCompose('docker-compose.yml', hardened);
    for (const name of ['gateway', 'projector']) expect(env(services[name]!), name).toMatchObject(hardened);
  });

  it('gives the projector a health check on PROJECTOR_PORT that fails while it is behind, with node (the image has no curl)', () => {
    const port = env(projector!).PROJECTOR_PORT;
    expect(port).toBe('3001');
    const test = projector!.healthcheck!.test.join(' ');
    expect(test).toMatch(/^CMD node -e /);
    expect(test).toContain(`http://localhost:${port}/readyz`);
    expect(gateway!.healthcheck!.test.join(' ')).toMatch(/^CMD node -e .*localhost:3000\/healthz/);
  });

  it('runs the compiled gateway and projector that the image builds (npm run build), not the TypeScript sources', () => {
    expect(gateway!.command).toEqual(['node', '--enable-source-maps', 'dist/gateway.js']);
    expect(projector!.command).toEqual(['node', '--enable-source-maps', 'dist/projector.js']);
    const dockerfile = readFileSync(join(root, 'infra', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/RUN npm run build /);
    expect(dockerfile).toContain('CMD ["node", "--enable-source-maps", "dist/gateway.js"]');
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.build).toContain('npm run build -w services');
  });

  it('publishes EventStoreDB and MongoDB on loopback only (insecure, no users: Docker rules bypass host firewalls)', () => {
    for (const name of ['eventstoredb', 'mongodb']) {
      const ports = compose.services[name]!.ports ?? [];
      // Short syntax: a published port with no host IP listens on every interface (0.0.0.0 and ::).
      for (const port of ports) expect(port, `${name}: ${port}`).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    }
    expect(compose.services.eventstoredb!.ports).toEqual(['127.0.0.1:2113:2113']);
    expect(compose.services.mongodb!.ports).toEqual(['127.0.0.1:27017:27017']);
    // What the development override adds is loopback-only as well.
    for (const [name, service] of Object.entries(dev.services)) {
      for (const port of service.ports ?? []) expect(port, `${name}: ${port}`).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('has no index one-shot: the code that uses a collection creates its indexes', () => {
    expect(Object.keys(compose.services)).toEqual(['eventstoredb', 'mongodb', 'gateway', 'projector']);
  });
});

describe('docker-compose.dev.yml (local sign-in on the real servers)', () => {
  it('runs the gateway in development with its provider reachable from the browser on the published port', () => {
    // Compose merges the override's environment over the base file's; a .env's OIDC_ISSUER is blanked.
    const merged = { ...dotEnv, ...env(compose.services.gateway!), ...env(dev.services.gateway!) };
    const config = loadConfig(merged);
    expect(config.production).toBe(false);
    expect(config.oidc.issuer).toBeUndefined();
    expect(config.devOidc).toEqual({ host: '0.0.0.0', port: 3002 });
    expect(dev.services.gateway!.ports).toContain(`127.0.0.1:${config.devOidc.port}:${config.devOidc.port}`);
  });
});

describe('infra/Dockerfile', () => {
  it('builds and runs on Node 22 LTS', () => {
    const images = [...readFileSync(join(root, 'infra', 'Dockerfile'), 'utf8').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(images).toEqual(['node:22-bookworm-slim', 'node:22-bookworm-slim']);
  });
});
