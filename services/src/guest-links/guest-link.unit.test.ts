import { createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GuestLinks, linkExpiry } from './guest-link.js';

const links = new GuestLinks(createSecretKey(Buffer.from('k'.repeat(32))));
const ID = '7c22961a-3fa2-4556-b5e1-29745ae2e7eb';

describe('guest links', () => {
  it('expire at the end of the booking date in the café zone', () => {
    expect(new Date(linkExpiry('2026-11-21', 'America/Chicago') * 1000).toISOString()).toBe('2026-11-22T06:00:00.000Z');
    // Across the DST change (Chicago falls back on November 1, 2026).
    expect(new Date(linkExpiry('2026-10-31', 'America/Chicago') * 1000).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('verify what they signed, and nothing else', () => {
    const token = links.sign('party', ID, '2026-11-21', 'America/Chicago');
    expect(links.verify(token)).toEqual({ kind: 'party', id: ID, expires: linkExpiry('2026-11-21', 'America/Chicago') });
    expect(new GuestLinks(createSecretKey(Buffer.from('x'.repeat(32)))).verify(token)).toBeNull();
    expect(links.verify(token.replace(/^p/, 'r'))).toBeNull();
    expect(links.verify(`${token}x`)).toBeNull();
    expect(links.verify('')).toBeNull();
  });

  it('refuse every other last character, even one that decodes to the same signature bytes', () => {
    const token = links.sign('reservation', ID, '2026-11-21', 'America/Chicago');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const others = [...alphabet].filter((c) => c !== token.at(-1)).map((c) => token.slice(0, -1) + c);
    expect(others.filter((other) => links.verify(other) !== null)).toEqual([]);
  });

  it('put the page of the public site in the e-mail', () => {
    expect(links.url('https://cafe.example', 'reservation', ID, '2026-11-21', 'America/Chicago')).toMatch(
      /^https:\/\/cafe\.example\/my-booking\?token=r\.7c22961a-[\w-]+\.\d+\.[\w-]{43}$/,
    );
  });
});
