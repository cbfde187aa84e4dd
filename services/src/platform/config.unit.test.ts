import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const oidc = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'cafe', OIDC_CLIENT_SECRET: 'secret' };
const secret = { SESSION_SECRET: 'x'.repeat(40), GUEST_LINK_SECRET: 'g'.repeat(40) };
const mail = { SMTP_URL: 'smtp://mail.example.com:587', PUBLIC_URL: 'https://cafe.example.com' };

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

  it('starts with a real identity provider, a session secret, a mail server and its public address', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...secret, ...oidc, ...mail });
    expect(config.production).toBe(true);
    expect(config.oidc).toEqual({ issuer: oidc.OIDC_ISSUER, clientId: 'cafe', clientSecret: 'secret' });
    expect(config).toMatchObject({ mailTransport: 'smtp', smtpUrl: mail.SMTP_URL, publicUrl: mail.PUBLIC_URL });
  });

  it('refuses to start without SMTP_URL or PUBLIC_URL, in one line naming what is missing (issue 51 M5)', () => {
    const signIn = { NODE_ENV: 'production', ...secret, ...oidc };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('started');
    };
    const neither = refusal(signIn);
    expect(neither).toMatch(/^Invalid configuration: NODE_ENV=production needs SMTP_URL, PUBLIC_URL \(/);
    expect(neither).toContain('or MAIL_TRANSPORT=outbox to keep each mail as a file in DATA_DIR/outbox');
    expect(neither).not.toContain('\n');
    expect(refusal({ ...signIn, PUBLIC_URL: mail.PUBLIC_URL })).toMatch(/needs SMTP_URL \(/);
    expect(refusal({ ...signIn, SMTP_URL: mail.SMTP_URL })).toMatch(/needs PUBLIC_URL \(/);
    // Empty, as compose passes a variable .env leaves unset, is missing too.
    expect(refusal({ ...signIn, ...mail, PUBLIC_URL: '' })).toMatch(/needs PUBLIC_URL \(/);
  });

  it('starts without them when MAIL_TRANSPORT=outbox says mail is meant to stay files', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...secret, ...oidc, MAIL_TRANSPORT: 'outbox' });
    expect(config).toMatchObject({ production: true, mailTransport: 'outbox', smtpUrl: undefined });
    // Outbox wins over an SMTP_URL left in .env: nothing is sent.
    expect(loadConfig({ NODE_ENV: 'production', ...secret, ...oidc, ...mail, MAIL_TRANSPORT: 'outbox' }).smtpUrl).toBeUndefined();
  });

  it('in development needs none of them: the local provider listens on loopback unless told otherwise', () => {
    expect(loadConfig({}).devOidc).toEqual({ host: '127.0.0.1', port: 0 });
    expect(loadConfig({ DEV_OIDC_HOST: '0.0.0.0', DEV_OIDC_PORT: '3002' }).devOidc).toEqual({ host: '0.0.0.0', port: 3002 });
  });
});

describe('MAIL_TRANSPORT', () => {
  it('defaults to SMTP when SMTP_URL is set and to the outbox otherwise (development)', () => {
    expect(loadConfig({}).mailTransport).toBe('outbox');
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:1025' })).toMatchObject({ mailTransport: 'smtp', smtpUrl: 'smtp://localhost:1025' });
  });

  it('refuses smtp without SMTP_URL, and a value it does not know', () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow('Invalid configuration: MAIL_TRANSPORT=smtp needs SMTP_URL');
    expect(() => loadConfig({ MAIL_TRANSPORT: 'files' })).toThrow(/MAIL_TRANSPORT/);
  });
});
