import type { GuestEraser } from '../platform/personal-data/guest-eraser.js';
import { withRetry } from '../platform/personal-data/guest-eraser.js';
import { doorQueueStream } from './door-queue-decider.js';
import { eraseForgotten } from './door-queue-commands.js';

const PREFIX = doorQueueStream('');

/**
 * forget: every day's queue that held the guest (their key sealed a party there) records the erasure of
 * each party whose key is gone: the read model blanks name, contact and note; size, times, status and the
 * reports' counts stay. The parties are told by their fields reading erased, since the queue of a day
 * holds many guests and the erased one can no longer be found by e-mail.
 */
export const doorQueueEraser: GuestEraser = {
  name: 'doorQueueParties',
  async erase(runtime, guest, context) {
    let erased = 0;
    for (const stream of guest.streams) {
      if (!stream.startsWith(PREFIX)) continue;
      erased += await withRetry(() => eraseForgotten(runtime, stream.slice(PREFIX.length), guest.guestKey, context));
    }
    return erased;
  },
};
