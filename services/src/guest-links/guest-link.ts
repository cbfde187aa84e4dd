import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, cafeInstant, GUEST_LINK_PATH, type GuestBookingKind } from '@cafe/contracts';
import type { Config } from '../platform/config.js';
import { ensurePrivateDir, writeNewSecret } from '../platform/private-files.js';

/**
 * The guest's "manage your booking" link: `<kind>.<id>.<expiry>.<signature>`, the signature an
 * HMAC-SHA256 of the rest under GUEST_LINK_SECRET. Unguessable (256-bit key), bound to one booking,
 * and expiring at the end of the booking's date in the café's zone. Nothing is stored per link: a
 * new secret voids every link mailed so far.
 */
const KIND_CODE: Record<GuestBookingKind, string> = { reservation: 'r', party: 'p' };
const CODE_KIND: Record<string, GuestBookingKind> = { r: 'reservation', p: 'party' };
const PURPOSE = 'guest-link.v1';

export interface GuestLinkClaims {
  kind: GuestBookingKind;
  id: string;
  /** Seconds since the epoch; the link is refused from then on. */
  expires: number;
}

/** The end of a booking's date in the café's zone: midnight starting the next day. */
export function linkExpiry(date: string, zone: string): number {
  return Math.floor(cafeInstant(addDays(date, 1), '00:00', zone).getTime() / 1000);
}

export class GuestLinks {
  constructor(private readonly key: KeyObject) {}

  sign(kind: GuestBookingKind, id: string, date: string, zone: string): string {
    const payload = `${KIND_CODE[kind]}.${id}.${linkExpiry(date, zone)}`;
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The claims of a well-formed link whose signature holds (expired or not), else null. */
  verify(token: string): GuestLinkClaims | null {
    const match = /^([rp])\.([A-Za-z0-9-]{1,100})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, code, id, expires, signature] = match;
    // Compared as text: base64url's last character carries two spare bits, so decoding would let
    // four different links through for one signature.
    const expected = Buffer.from(this.mac(`${code}.${id}.${expires}`).toString('base64url'));
    if (!timingSafeEqual(Buffer.from(signature!), expected)) return null;
    return { kind: CODE_KIND[code!]!, id: id!, expires: Number(expires) };
  }

  /** The page of the public site the e-mails link to. */
  url(publicUrl: string, kind: GuestBookingKind, id: string, date: string, zone: string): string {
    return `${publicUrl}${GUEST_LINK_PATH}?token=${this.sign(kind, id, date, zone)}`;
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(`${PURPOSE}.${payload}`).digest();
  }
}

/**
 * GUEST_LINK_SECRET, or in development one generated at first start and kept in DATA_DIR (shared by
 * the gateway and a projector on the same DATA_DIR), so links stay valid across restarts. Production
 * requires GUEST_LINK_SECRET (config.ts).
 */
export function guestLinks(config: Pick<Config, 'guestLinkSecret' | 'dataDir'>): GuestLinks {
  return new GuestLinks(guestLinkKey(config));
}

/**
 * The key guests' links are signed with; other links to a guest (an event sign-up's) sign under it with
 * their own purpose. A KeyObject: Node 24 signs under one in 5 µs and under the same bytes in a Buffer in
 * 30 µs (it wraps them again per call), and every booking's mail signs a link.
 */
export function guestLinkKey(config: Pick<Config, 'guestLinkSecret' | 'dataDir'>): KeyObject {
  if (config.guestLinkSecret) return createSecretKey(Buffer.from(config.guestLinkSecret, 'utf8'));
  const file = join(config.dataDir, 'guest-link-secret');
  if (!existsSync(file)) {
    ensurePrivateDir(config.dataDir);
    try {
      writeNewSecret(file, randomBytes(32).toString('base64url'));
    } catch (error) {
      // Another process on the same DATA_DIR wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return createSecretKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'));
}
