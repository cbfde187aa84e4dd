import { createHmac, timingSafeEqual } from 'node:crypto';
import { QUEUE_LINK_PATH } from '@cafe/contracts';
import type { Config } from '../platform/config.js';
import { guestLinkKey, linkExpiry } from './guest-link.js';

/**
 * The door queue's link for a waiting party (their place and estimate, live): `q.<id>.<expiry>.<signature>`,
 * signed as the booking links are (the same key, HMAC-SHA256) under a purpose of its own, so it opens nothing
 * else. It expires at the end of the queue's date (kept under the 100 characters a path parameter may have).
 */
const PURPOSE = 'door-queue-link.v1';

export interface QueueLinks {
  sign(date: string, id: string): string;
  /** The party id and expiry (seconds) of a well-formed link whose signature holds, else null. */
  verify(token: string): { id: string; expires: number } | null;
  url(date: string, id: string): string;
}

export function queueLinks(config: Pick<Config, 'guestLinkSecret' | 'dataDir' | 'publicUrl' | 'zone'>): QueueLinks {
  const key = guestLinkKey(config);
  const mac = (payload: string) => createHmac('sha256', key).update(`${PURPOSE}.${payload}`).digest('base64url');
  const sign = (date: string, id: string) => {
    const payload = `q.${id}.${linkExpiry(date, config.zone)}`;
    return `${payload}.${mac(payload)}`;
  };
  return {
    sign,
    verify(token) {
      const match = /^q\.([A-Za-z0-9-]{1,100})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, expires, signature] = match;
      // Compared as text (see guest-link.ts: base64url's last character carries spare bits).
      const expected = Buffer.from(mac(`q.${id}.${expires}`));
      if (!timingSafeEqual(Buffer.from(signature!), expected)) return null;
      return { id: id!, expires: Number(expires) };
    },
    url: (date, id) => `${config.publicUrl}${QUEUE_LINK_PATH}/${sign(date, id)}`,
  };
}
