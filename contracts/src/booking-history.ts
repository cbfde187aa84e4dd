import { z } from 'zod';

/** The audit trail of one booking (GET /api/admin/…/{id}/history). */
export const historyEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  /** 'Party booking approved'. */
  what: z.string(),
  /** ISO instant, and the same instant in the café's zone ('Wednesday, November 18, 2026, 10:00 AM CST'). */
  at: z.string(),
  when: z.string(),
  /** The admin's e-mail, 'visitor', or 'guest' (through the booking's e-mailed link). */
  by: z.string(),
  actorKind: z.enum(['visitor', 'guest', 'admin', 'system']),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  notes: z.string().nullable(),
  correlationId: z.string(),
});
export const bookingHistorySchema = z.object({
  id: z.string(),
  kind: z.enum(['reservation', 'party']),
  zone: z.string(),
  /** Still live (false once cancelled). */
  active: z.boolean(),
  events: z.array(historyEntrySchema),
});
export type BookingHistory = z.output<typeof bookingHistorySchema>;
