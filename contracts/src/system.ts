import { z } from 'zod';

/**
 * The staff dashboard's System section and `npm run ops -- rebuild`: each read model's state, a live
 * rebuild (blue/green: filled beside the served one, switched when caught up), and the event log.
 */

/** One projection (read model) as the gateway or the projector reports it. */
export const projectionStateSchema = z.object({
  name: z.string(),
  /** Positions as decimal strings: EventStoreDB's are 64-bit. */
  checkpoint: z.string(),
  head: z.string(),
  /** How far the checkpoint is behind the head (0 when caught up). */
  lag: z.number().int().min(0),
  documents: z.number().int().min(0),
  rebuilding: z.boolean(),
  /** ISO instant the last rebuild switched over, and how long it took; null when never rebuilt. */
  lastRebuiltAt: z.string().nullable(),
  lastRebuildMs: z.number().nullable(),
});
export type ProjectionState = z.output<typeof projectionStateSchema>;

/** A rebuild asked of the process that runs the projections, and how it ended. */
export const rebuildRunSchema = z.object({
  id: z.string(),
  projections: z.array(z.string()),
  status: z.enum(['requested', 'running', 'done', 'failed']),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  ms: z.number().nullable(),
  events: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type RebuildRun = z.output<typeof rebuildRunSchema>;

export const systemProjectionsSchema = z.object({
  store: z.enum(['embedded', 'eventstoredb']),
  projections: z.array(projectionStateSchema),
  /** The latest rebuild asked for (running or finished), or null. */
  lastRun: rebuildRunSchema.nullable(),
});
export type SystemProjections = z.output<typeof systemProjectionsSchema>;

export const PROJECTION_NAME_MAX = 64;
export const rebuildRequestSchema = z.object({
  /** Absent or empty: every projection. */
  names: z.array(z.string().min(1).max(PROJECTION_NAME_MAX)).max(100).optional(),
});
export type RebuildRequest = z.input<typeof rebuildRequestSchema>;

/** Filters of the event log; newest first. */
export const SYSTEM_EVENTS_DEFAULT_LIMIT = 50;
export const SYSTEM_EVENTS_MAX_LIMIT = 500;
export const systemEventsQuerySchema = z.object({
  stream: z.string().trim().max(200).optional(),
  type: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(SYSTEM_EVENTS_MAX_LIMIT).default(SYSTEM_EVENTS_DEFAULT_LIMIT),
});
export type SystemEventsQuery = z.input<typeof systemEventsQuerySchema>;

export const systemEventSchema = z.object({
  position: z.string(),
  stream: z.string(),
  revision: z.number().int(),
  type: z.string(),
  occurredAt: z.string(),
  /** 'admin@example.com', 'visitor', 'system (ops)'. */
  actor: z.string(),
  correlationId: z.string(),
  data: z.unknown(),
});
export type SystemEvent = z.output<typeof systemEventSchema>;
export const systemEventsSchema = z.object({
  events: z.array(systemEventSchema),
  /** How many events were looked at to answer a type filter (it stops after SYSTEM_EVENTS_SCAN_LIMIT). */
  scanned: z.number().int(),
  /** True when the scan stopped before the start of the log: older matches may exist. */
  truncated: z.boolean(),
});
export type SystemEvents = z.output<typeof systemEventsSchema>;
/** A type filter reads the log backwards this far at most, so one request stays cheap on a long log. */
export const SYSTEM_EVENTS_SCAN_LIMIT = 20_000;

export const REBUILD_IN_PROGRESS = 'A rebuild is already running. Wait for it to finish, then start another.';
export const NO_PROJECTOR_RUNNING =
  'No projector is running to rebuild the read models. Start it (docker compose start projector), then try again.';
export const REBUILD_STARTED = 'The current read models keep answering until the new ones have caught up.';
export const REBUILD_FINISHED = 'The site now answers from the rebuilt read models.';
export const REBUILD_FAILED = 'The site keeps answering from the previous read models.';
export const unknownProjectionsMessage = (names: string[]) => `Unknown projection(s): ${names.join(', ')}`;
