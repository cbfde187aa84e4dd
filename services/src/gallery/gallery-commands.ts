import { randomUUID } from 'node:crypto';
import { type GalleryImageChanges, GALLERY_IMAGE_NOT_FOUND, type GalleryImageData } from '@cafe/contracts';
import {
  runCommand,
  loadState,
  type CommandContext,
  type CommandRuntime,
  type CommandResult,
} from '../platform/commands/command-runner.js';
import type { DomainEvent } from '../platform/commands/decider.js';
import type { Position } from '../platform/event-store/event-store.js';
import type { BlobStore } from '../platform/blob-store/blob-store.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { galleryImageDecider, galleryImageStream, type GalleryImageChangesData } from './gallery-decider.js';
import { GALLERY_FEATURED_STREAM, galleryFeaturedDecider } from './gallery-featured-decider.js';

/** The gallery's command handlers: the admin routes and the demo seed both go through these. */
export interface GalleryDeps extends CommandRuntime {
  blobs: BlobStore;
}

export const uploadUrl = (key: string) => `/api/uploads/${key}`;

export interface NewGalleryImage {
  url: string;
  alt: string;
  thumbnailUrl?: string | null;
  width?: number | null;
  height?: number | null;
  source?: 'url' | 'upload';
}

export async function addGalleryImage(deps: CommandRuntime, input: NewGalleryImage, context: CommandContext, id: string = randomUUID()) {
  const image: GalleryImageData = {
    url: input.url,
    alt: input.alt,
    thumbnailUrl: input.thumbnailUrl ?? null,
    width: input.width ?? null,
    height: input.height ?? null,
    source: input.source ?? 'url',
    isVisible: true,
    sortOrder: 0,
  };
  const result = await runCommand(
    deps,
    galleryImageDecider,
    galleryImageStream(id),
    { type: 'AddGalleryImage', imageId: id, image },
    context,
  );
  return { id, result };
}

/**
 * Checks the bytes (415), makes the web-sized version and the thumbnail without metadata, stores both
 * in the BlobStore, then records the image. A refused file stores nothing.
 */
export async function uploadGalleryImage(deps: GalleryDeps, file: Buffer, alt: string, context: CommandContext, id: string = randomUUID()) {
  // The image library loads with the first upload, not while the gateway starts.
  const { processImage } = await import('./image-processing.js');
  const { web, thumbnail } = await processImage(file);
  await deps.blobs.put(web.key, web.data, web.contentType);
  await deps.blobs.put(thumbnail.key, thumbnail.data, thumbnail.contentType);
  return addGalleryImage(
    deps,
    { url: uploadUrl(web.key), thumbnailUrl: uploadUrl(thumbnail.key), width: web.width, height: web.height, source: 'upload', alt },
    context,
    id,
  );
}

export async function isFeatured(deps: CommandRuntime, id: string): Promise<boolean> {
  const { state } = await loadState(deps.eventStore, galleryFeaturedDecider, GALLERY_FEATURED_STREAM);
  return state.order.includes(id);
}

export function setFeatured(deps: CommandRuntime, id: string, featured: boolean, imageExists: boolean, context: CommandContext) {
  return runCommand(
    deps,
    galleryFeaturedDecider,
    GALLERY_FEATURED_STREAM,
    { type: 'ChangeFeatured', imageId: id, isFeatured: featured, imageExists },
    context,
  );
}

/**
 * PUT /api/admin/gallery/{id}: {url, alt}, {isFeatured}, {sortOrder} or {isVisible}, alone or together.
 * sortOrder on a featured image moves it to that place among the featured ones (all renumbered
 * 0..n-1); on any other image it is simply its sortOrder.
 */
export async function changeGalleryImage(deps: CommandRuntime, id: string, changes: GalleryImageChanges, context: CommandContext) {
  const { state } = await loadState(deps.eventStore, galleryImageDecider, galleryImageStream(id));
  if (state.status !== 'active') throw new NotFound(GALLERY_IMAGE_NOT_FOUND);
  const results: CommandResult<DomainEvent>[] = [];
  const own: GalleryImageChangesData = { url: changes.url, alt: changes.alt, isVisible: changes.isVisible };
  if (changes.isFeatured !== undefined) results.push(await setFeatured(deps, id, changes.isFeatured, true, context));
  if (changes.sortOrder !== undefined) {
    if (await isFeatured(deps, id)) {
      results.push(
        await runCommand(
          deps,
          galleryFeaturedDecider,
          GALLERY_FEATURED_STREAM,
          { type: 'MoveFeaturedImage', imageId: id, toIndex: changes.sortOrder },
          context,
        ),
      );
    } else {
      own.sortOrder = changes.sortOrder;
    }
  }
  if (Object.values(own).some((v) => v !== undefined)) {
    results.push(
      await runCommand(deps, galleryImageDecider, galleryImageStream(id), { type: 'UpdateGalleryImage', changes: own }, context),
    );
  }
  return lastPosition(results);
}

/** Leaves the featured order first, so the order never names a removed image. */
export async function removeGalleryImage(deps: CommandRuntime, id: string, context: CommandContext) {
  const results: CommandResult<DomainEvent>[] = [];
  const { state } = await loadState(deps.eventStore, galleryImageDecider, galleryImageStream(id));
  if (state.status !== 'active') throw new NotFound(GALLERY_IMAGE_NOT_FOUND);
  if (await isFeatured(deps, id)) results.push(await setFeatured(deps, id, false, true, context));
  results.push(await runCommand(deps, galleryImageDecider, galleryImageStream(id), { type: 'RemoveGalleryImage' }, context));
  return lastPosition(results);
}

function lastPosition(results: CommandResult<DomainEvent>[]): Position | null {
  return results.reduce<Position | null>((max, r) => (r.position !== null && (max === null || r.position > max) ? r.position : max), null);
}
