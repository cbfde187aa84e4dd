import type { GuestEraser } from '../platform/personal-data/guest-eraser.js';
import { eraseSignUpPersonalData } from './sign-up-commands.js';
import { signUpStream } from './sign-up-decider.js';

const PREFIX = signUpStream('');

/** forget: each of the guest's sign-ups gets its erasure event (the read models blank them; places and counts stay). */
export const signUpEraser: GuestEraser = {
  name: 'eventSignUps',
  async erase(runtime, guest, context) {
    let erased = 0;
    for (const stream of guest.streams) {
      if (!stream.startsWith(PREFIX)) continue;
      const { events } = await eraseSignUpPersonalData(runtime, stream.slice(PREFIX.length), guest.guestKey, context);
      if (events.length > 0) erased += 1;
    }
    return erased;
  },
};
