import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import {
  businessInfoFormSchema,
  cafeEventSchema,
  cafeInstant,
  gameSchema,
  menuCategorySchema,
  menuItemSchema,
  to24Hour,
  todayIn,
  type Actor,
} from '@cafe/contracts';
import { withoutWaiting, type CommandContext, type CommandResult, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { DomainEvent } from '../platform/commands/decider.js';
import type { EventStore, Position } from '../platform/event-store/event-store.js';
import type { BlobStore } from '../platform/blob-store/blob-store.js';
import { parseWith } from '../platform/http/validation.js';
import { SERVICES_DIR } from '../platform/package-paths.js';
import { createMenuCategory, createMenuItem } from '../menu/index.js';
import { scheduleCafeEvent } from '../cafe-events/index.js';
import { setFeatured, uploadGalleryImage } from '../gallery/index.js';
import { updateBusinessInfo } from '../business-info/index.js';
import { addGame } from '../game-library/index.js';
import { DEMO_BUSINESS_INFO, DEMO_CATEGORIES, DEMO_GALLERY, DEMO_ITEMS, demoEvents } from './demo-content.js';
import { DEMO_GAMES } from './demo-games.js';

export const DEMO_SEED_ACTOR = { kind: 'system', name: 'demo-seed' } as const satisfies Actor;
const GALLERY_DIR = join(SERVICES_DIR, 'assets', 'gallery');
/** More events than this and the store is certainly in use. */
const SCAN_LIMIT = 1000;

export interface SeedDeps extends CommandRuntime {
  blobs: BlobStore;
}

export interface SeedReport {
  categories: number;
  items: number;
  events: number;
  images: number;
  games: number;
  /** Position of the last event appended (what read-your-writes waits for). */
  position: Position | null;
}

/**
 * Is this store empty as far as the demo is concerned? Only events written by the system at start-up
 * (such as the ADMIN_EMAILS whitelist) may be there: anything a person did, or an earlier seed, means
 * the store is in use and is never touched.
 */
export async function storeIsFresh(eventStore: EventStore): Promise<{ fresh: boolean; events: number }> {
  const events = await eventStore.readAll({ maxCount: SCAN_LIMIT + 1 });
  const fresh =
    events.length <= SCAN_LIMIT &&
    events.every((e) => e.metadata.actor.kind === 'system' && e.metadata.actor.name !== DEMO_SEED_ACTOR.name);
  return { fresh, events: events.length };
}

/**
 * Seeds the living demo through the same commands (and contract schemas) the admin routes use,
 * as the system actor 'demo-seed'. Returns null, having written nothing, when the store is not fresh.
 */
export async function seedDemo(runtime: SeedDeps, runId = randomUUID()): Promise<SeedReport | null> {
  if (!(await storeIsFresh(runtime.eventStore)).fresh) return null;
  // In bulk: the caller waits once for the last position instead of after every command.
  const deps = withoutWaiting(runtime);
  const context: CommandContext = { actor: DEMO_SEED_ACTOR, correlationId: runId, causationId: `demo-seed:${runId}` };
  const positions: (Position | null)[] = [];
  const track = (result: CommandResult<DomainEvent>) => positions.push(result.position);

  track(await updateBusinessInfo(deps, parseWith(businessInfoFormSchema, DEMO_BUSINESS_INFO), context));

  for (const { id, ...category } of DEMO_CATEGORIES) {
    track((await createMenuCategory(deps, parseWith(menuCategorySchema, category), context, id)).result);
  }
  let sortOrder = 0;
  let lastCategory = '';
  for (const { id, ...item } of DEMO_ITEMS) {
    sortOrder = item.categoryId === lastCategory ? sortOrder + 1 : 0;
    lastCategory = item.categoryId;
    track((await createMenuItem(deps, parseWith(menuItemSchema, { ...item, sortOrder }), context, id)).result);
  }

  const today = todayIn(deps.config.zone, deps.clock.now());
  const events = demoEvents(today);
  for (const { id, hours, ...event } of events) {
    const start = cafeInstant(event.event_date, to24Hour(event.event_time)!, deps.config.zone);
    const endsAt = DateTime.fromJSDate(start).plus({ hours }).toUTC().toISO()!;
    track((await scheduleCafeEvent(deps, parseWith(cafeEventSchema, { ...event, endsAt }), context, id)).result);
  }

  for (const photo of DEMO_GALLERY) {
    const file = await readFile(join(GALLERY_DIR, photo.file));
    track((await uploadGalleryImage(deps, file, photo.alt, context, photo.id)).result);
    if (photo.featured) track(await setFeatured(deps, photo.id, true, true, context));
  }

  for (const { id, game } of DEMO_GAMES) track((await addGame(deps, parseWith(gameSchema, game), context, id)).result);

  const position = positions.reduce<Position | null>((max, p) => (p !== null && (max === null || p > max) ? p : max), null);
  return {
    categories: DEMO_CATEGORIES.length,
    items: DEMO_ITEMS.length,
    events: events.length,
    images: DEMO_GALLERY.length,
    games: DEMO_GAMES.length,
    position,
  };
}
