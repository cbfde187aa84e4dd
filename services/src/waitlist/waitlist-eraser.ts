import type { GuestEraser } from '../platform/personal-data/guest-eraser.js';
import { eraseWaitlistGuest } from './waitlist-commands.js';

/** `forget`'s part for the waitlist: a guest's entries are blanked; their places, sizes and offers stay (the counts). */
export const waitlistEraser: GuestEraser = { name: 'waitlistEntries', erase: eraseWaitlistGuest };
