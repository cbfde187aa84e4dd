import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const oidc = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'cafe', OIDC_CLIENT_SECRET: 'secret' };
const secret = { SESSION_SECRET: 'x'.repeat(40), GUEST_LINK_SECRET: 'g'.repeat(40) };

describe('loadConfig in production (NODE_ENV=production, as docker-compose.yml runs)', () => {
  it('refuses to start without the sign-in settings, naming every missing variable at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'NODE_ENV=production needs SESSION_SECRET, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, GUEST_LINK_SECRET',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret, OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow(
      /needs OIDC_CLIENT_ID, OIDC_CLIENT_SECRET \(/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...oidc })).toThrow(/needs SESSION_SECRET, GUEST_LINK_SECRET \(/);
  });

  it('refuses a guest link secret shorter than 32 characters and a reminder time that is not HH:mm', () => {
    expect(() => loadConfig({ GUEST_LINK_SECRET: 'short' })).toThrow(/GUEST_LINK_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ REMINDER_TIME: '25:00' })).toThrow(/REMINDER_TIME must be a café-local time of day HH:mm/);
    expect(loadConfig({}).reminderTime).toBe('10:00');
    expect(loadConfig({ REMINDER_TIME: '17:30' }).reminderTime).toBe('17:30');
  });

  it('starts with a real identity provider and a session secret', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...secret, ...oidc });
    expect(config.production).toBe(true);
    expect(config.oidc).toEqual({ issuer: oidc.OIDC_ISSUER, clientId: 'cafe', clientSecret: 'secret' });
  });

  it('in development needs none of them: the local provider listens on loopback unless told otherwise', () => {
    expect(loadConfig({}).devOidc).toEqual({ host: '127.0.0.1', port: 0 });
    expect(loadConfig({ DEV_OIDC_HOST: '0.0.0.0', DEV_OIDC_PORT: '3002' }).devOidc).toEqual({ host: '0.0.0.0', port: 3002 });
  });
});
