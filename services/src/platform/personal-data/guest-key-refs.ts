import { normaliseEmail } from '@cafe/contracts';
import { guestKeyRef } from './field-cipher.js';

/**
 * Guests' key references kept by e-mail, at most (some 2 MB). A booking's mails are claimed, and their
 * claims sealed under the guest's key, only once a rush of bookings eases: with a thousand kept, the
 * bookings of a busy minute had pushed a guest out before their confirmation's claim came (an HMAC again
 * each, a fiftieth of a booking's CPU in bench:api).
 */
const KEPT = 16_384;

/**
 * The key an event's personal fields are sealed under: its guest's, by e-mail. A booking without an
 * e-mail (a walk-in) has no guest: it gets a key of its own, by stream, never one shared by every
 * e-mail-less booking (forgetting is by e-mail, so there is no guest of theirs to forget). Recent
 * guests' references are kept by e-mail as written: a booking's events name its guest several
 * times (the booking, its mails' claims), an HMAC each.
 */
export class GuestKeyRefs {
  private readonly kept = new Map<string, string>();

  constructor(private readonly secret: string) {}

  of(email: string, streamId: string): string {
    let ref = this.kept.get(email);
    if (ref !== undefined) return ref;
    // The NUL cannot be in an e-mail, so no guest's reference is ever a booking's.
    if (normaliseEmail(email) === '') return guestKeyRef(this.secret, `\u0000booking:${streamId}`);
    ref = guestKeyRef(this.secret, email);
    if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(email, ref);
    return ref;
  }

  /** Forgets the e-mails kept (a guest is being forgotten: their address is not kept here either). */
  clear(): void {
    this.kept.clear();
  }
}
