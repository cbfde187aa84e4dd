import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGN_UP_LINK_PATH } from '@cafe/contracts';
import type { Config } from '../platform/config.js';
import { guestLinkKey, linkExpiry } from './guest-link.js';

/**
 * The cancel link of a sign-up's e-mails: `s.<id>.<expiry>.<signature>`, signed as the guests' booking
 * links are (guest-bookings/guest-link.ts: the same key, HMAC-SHA256) under a purpose of its own, so a
 * booking's link never opens a sign-up nor the other way round. It expires at the end of the date.
 */
const PURPOSE = 'event-sign-up-link.v1';

export interface SignUpLinks {
  sign(id: string, date: string): string;
  /** The sign-up id and expiry (seconds) of a well-formed link whose signature holds, else null. */
  verify(token: string): { id: string; expires: number } | null;
  url(id: string, date: string): string;
}

export function signUpLinks(config: Pick<Config, 'guestLinkSecret' | 'dataDir' | 'publicUrl' | 'zone'>): SignUpLinks {
  const key = guestLinkKey(config);
  const mac = (payload: string) => createHmac('sha256', key).update(`${PURPOSE}.${payload}`).digest('base64url');
  const sign = (id: string, date: string) => {
    const payload = `s.${id}.${linkExpiry(date, config.zone)}`;
    return `${payload}.${mac(payload)}`;
  };
  return {
    sign,
    verify(token) {
      const match = /^s\.([A-Za-z0-9-]{1,100})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, expires, signature] = match;
      const expected = Buffer.from(mac(`s.${id}.${expires}`));
      if (!timingSafeEqual(Buffer.from(signature!), expected)) return null;
      return { id: id!, expires: Number(expires) };
    },
    url: (id, date) => `${config.publicUrl}${SIGN_UP_LINK_PATH}?token=${sign(id, date)}`,
  };
}
