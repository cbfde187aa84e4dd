import type { GuestEraser } from '../platform/personal-data/guest-eraser.js';
import { signUpEraser } from '../cafe-events/index.js';
import { openTablesEraser } from '../open-tables/index.js';
import { usersEraser } from '../users/index.js';

/**
 * The records beyond bookings that `forget` erases, one eraser per feature that keeps a guest's data
 * (each feature adds its line; the erasers run one after the other, after the bookings').
 */
export const GUEST_ERASERS: readonly GuestEraser[] = [openTablesEraser, signUpEraser, usersEraser];
