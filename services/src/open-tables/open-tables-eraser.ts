import type { GuestEraser } from '../platform/personal-data/guest-eraser.js';
import { eraseJoiner } from './open-table-commands.js';

/** `forget`'s part for open tables: a joiner's requests are blanked, their seats and answers stay. */
export const openTablesEraser: GuestEraser = { name: 'openTableRequests', erase: eraseJoiner };
