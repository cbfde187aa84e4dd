import type { LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/**
 * The floor on the staff dashboard's live updates: a floor set, a table move, a placement, a stay
 * changed each change what the booking lists and the host's view show (tables, until when). Counted as
 * changed reservations until the live updates know a kind of their own for the floor.
 */
export const floorNotices: LiveNoticePart = {
  meanings: Object.fromEntries(
    ['FloorSet', 'TablesAssigned', 'TablesUnplaced', 'StayChanged'].map(
      (type) => [type, { kind: 'reservation', change: 'changed' }] as const,
    ),
  ),
};
