import { createHmac, timingSafeEqual } from 'node:crypto';
import { OFFER_LINK_PATH, WAITLIST_LINK_PATH } from '@cafe/contracts';
import type { Config } from '../platform/config.js';
import { guestLinkKey, linkExpiry } from './guest-link.js';

/**
 * The evening waitlist's links: a guest's place (`w.…`: see or leave it) and an offer (`o.…`: take or pass
 * it), `<w|o>.<date>.<id>.<signature>`, signed as the booking links are (the same key, HMAC-SHA256) under a
 * purpose of their own, so they open nothing else. They name the date (the waitlist's stream is the day's)
 * and expire at the end of it; the expiry follows from the date, which keeps the token a path parameter
 * (under 100 characters).
 */
const PURPOSE = 'waitlist-link.v1';

export type WaitlistLinkKind = 'entry' | 'offer';
const CODE: Record<WaitlistLinkKind, string> = { entry: 'w', offer: 'o' };

export interface WaitlistLinks {
  sign(kind: WaitlistLinkKind, date: string, id: string): string;
  /** The date, id and expiry (seconds) of a well-formed link of that kind whose signature holds, else null. */
  verify(kind: WaitlistLinkKind, token: string): { date: string; id: string; expires: number } | null;
  url(kind: WaitlistLinkKind, date: string, id: string): string;
}

export function waitlistLinks(config: Pick<Config, 'guestLinkSecret' | 'dataDir' | 'publicUrl' | 'zone'>): WaitlistLinks {
  const key = guestLinkKey(config);
  const mac = (payload: string) => createHmac('sha256', key).update(`${PURPOSE}.${payload}`).digest('base64url');
  const sign = (kind: WaitlistLinkKind, date: string, id: string) => {
    const payload = `${CODE[kind]}.${date}.${id}`;
    return `${payload}.${mac(payload)}`;
  };
  return {
    sign,
    verify(kind, token) {
      const match = /^([wo])\.(\d{4}-\d{2}-\d{2})\.([A-Za-z0-9-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match || match[1] !== CODE[kind]) return null;
      const [, code, date, id, signature] = match;
      // Compared as text (see guest-link.ts: base64url's last character carries spare bits).
      const expected = Buffer.from(mac(`${code}.${date}.${id}`));
      if (!timingSafeEqual(Buffer.from(signature!), expected)) return null;
      return { date: date!, id: id!, expires: linkExpiry(date!, config.zone) };
    },
    url: (kind, date, id) => `${config.publicUrl}${kind === 'entry' ? WAITLIST_LINK_PATH : OFFER_LINK_PATH}/${sign(kind, date, id)}`,
  };
}
