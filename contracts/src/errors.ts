import { z } from 'zod';

/** Every error the gateway answers has this shape. */
export const errorBodySchema = z.object({
  message: z.string(),
  /** A refusal the client acts on, e.g. 'fully-booked' (staff may book anyway). */
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The 409 for a change sent at a version someone else has since moved on from (If-Match, or a lost race). */
export const STALE_VERSION_MESSAGE = 'This record was changed by someone else in the meantime. Reload it and try again.';
/** Tells a stale version apart from the other 409s (a closed date, a decided booking): only it reloads the booking. */
export const STALE_VERSION_CODE = 'stale-version';

/** What a write answers while the disk is full: 503, nothing stored. */
export const DISK_FULL_REFUSAL = "Nothing can be saved right now: the server's disk is full. Nothing was saved; please try again later.";
/** What a write answers while the disk is read-only or failing: 503, nothing stored. */
export const DISK_UNWRITABLE_REFUSAL =
  'Nothing can be saved right now: the server cannot write to its disk. Nothing was saved; please try again later.';
