import { randomUUID } from 'node:crypto';
import { type GalleryFeaturedEvent, type GalleryImageChanges, GALLERY_IMAGE_NOT_FOUND, type GalleryImageData } from '@cafe/contracts';
import type { CommandContext, CommandRuntime, CommandResult } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx, type LoadedStream } from '../platform/commands/command-pipeline.js';
import type { Position } from '../platform/event-store/event-store.js';
import type { BlobStore } from '../platform/blob-store/blob-store.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { galleryImageDecider, galleryImageStream, type GalleryImageChangesData, type GalleryImageState } from './gallery-decider.js';
import {
  GALLERY_FEATURED_STREAM,
  galleryFeaturedDecider,
  type GalleryFeaturedCommand,
  type GalleryFeaturedState,
} from './gallery-featured-decider.js';

/**
 * The gallery's command handlers: the admin routes and the demo seed both go through these. A change
 * that touches the image and the featured order loads each stream once and appends both together.
 */

/** What an upload needs besides the commands' runtime: where the image files go. */
export interface GalleryRuntime extends CommandRuntime {
  blobs: BlobStore;
}

export const uploadUrl = (key: string) => `/api/uploads/${key}`;

const imageStream = (id: string) => streamOf(galleryImageDecider, galleryImageStream(id));
const featuredStream = () => streamOf(galleryFeaturedDecider, GALLERY_FEATURED_STREAM);

export interface NewGalleryImage {
  url: string;
  alt: string;
  thumbnailUrl?: string | null;
  width?: number | null;
  height?: number | null;
  source?: 'url' | 'upload';
}

export async function addGalleryImage(runtime: CommandRuntime, input: NewGalleryImage, context: CommandContext, id: string = randomUUID()) {
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
  const { value, position } = await runPipeline(runtime, context, (tx) =>
    tx.decide(imageStream(id), galleryImageDecider.decide, { type: 'AddGalleryImage', imageId: id, image }),
  );
  const result: CommandResult<(typeof value.events)[number]> = { events: value.events, version: value.version, position };
  return { id, result };
}

/**
 * Checks the bytes (415), makes the web-sized version and the thumbnail without metadata, stores both
 * in the BlobStore, then records the image. A refused file stores nothing.
 */
export async function uploadGalleryImage(
  runtime: GalleryRuntime,
  file: Buffer,
  alt: string,
  context: CommandContext,
  id: string = randomUUID(),
) {
  // The image library loads with the first upload, not while the gateway starts.
  const { processImage } = await import('./image-processing.js');
  const { web, thumbnail } = await processImage(file);
  await runtime.blobs.put(web.key, web.data, web.contentType);
  await runtime.blobs.put(thumbnail.key, thumbnail.data, thumbnail.contentType);
  return addGalleryImage(
    runtime,
    { url: uploadUrl(web.key), thumbnailUrl: uploadUrl(thumbnail.key), width: web.width, height: web.height, source: 'upload', alt },
    context,
    id,
  );
}

/** Features an image the caller has just added (the demo seed), or takes it out of the featured order. */
export async function setFeatured(runtime: CommandRuntime, id: string, featured: boolean, imageExists: boolean, context: CommandContext) {
  const { value, position } = await runPipeline(runtime, context, (tx) =>
    tx.decide(featuredStream(), galleryFeaturedDecider.decide, { type: 'ChangeFeatured', imageId: id, isFeatured: featured, imageExists }),
  );
  return { events: value.events, version: value.version, position };
}

/** The image as loaded in this command; refused (404) unless it is in the gallery. */
async function activeImage(tx: CommandTx, id: string): Promise<LoadedStream<GalleryImageState>> {
  const image = await tx.load(imageStream(id));
  if (image.state.status !== 'active') throw new NotFound(GALLERY_IMAGE_NOT_FOUND);
  return image;
}

/** The featured order's commands of one change, each decided on the order the one before left, appended together. */
async function changeFeatured(tx: CommandTx, decide: (state: GalleryFeaturedState) => GalleryFeaturedCommand[]): Promise<void> {
  const featured = await tx.load(featuredStream());
  let state = featured.state;
  const decided: GalleryFeaturedEvent[] = [];
  for (const command of decide(state)) {
    const events = galleryFeaturedDecider.decide(command, state, tx.time);
    state = events.reduce(galleryFeaturedDecider.evolve, state);
    decided.push(...events);
  }
  tx.append(featured, decided);
}

/**
 * PUT /api/admin/gallery/{id}: {url, alt}, {isFeatured}, {sortOrder} or {isVisible}, alone or together.
 * sortOrder on a featured image moves it to that place among the featured ones (all renumbered
 * 0..n-1); on any other image it is simply its sortOrder.
 */
export async function changeGalleryImage(
  runtime: CommandRuntime,
  id: string,
  changes: GalleryImageChanges,
  context: CommandContext,
): Promise<Position | null> {
  const { position } = await runPipeline(runtime, context, async (tx) => {
    const image = await activeImage(tx, id);
    const own: GalleryImageChangesData = { url: changes.url, alt: changes.alt, isVisible: changes.isVisible };
    if (changes.isFeatured !== undefined || changes.sortOrder !== undefined) {
      await changeFeatured(tx, (state) => {
        const commands: GalleryFeaturedCommand[] = [];
        let featured = state.order.includes(id);
        if (changes.isFeatured !== undefined) {
          commands.push({ type: 'ChangeFeatured', imageId: id, isFeatured: changes.isFeatured, imageExists: true });
          featured = changes.isFeatured;
        }
        if (changes.sortOrder !== undefined) {
          if (featured) commands.push({ type: 'MoveFeaturedImage', imageId: id, toIndex: changes.sortOrder });
          else own.sortOrder = changes.sortOrder;
        }
        return commands;
      });
    }
    // The featured order was decided on the image being there: a removal meanwhile makes it decide again.
    tx.require(image);
    if (Object.values(own).some((v) => v !== undefined)) {
      tx.append(image, galleryImageDecider.decide({ type: 'UpdateGalleryImage', changes: own }, image.state, tx.time));
    }
  });
  return position;
}

/** Leaves the featured order first, so the order never names a removed image. */
export async function removeGalleryImage(runtime: CommandRuntime, id: string, context: CommandContext): Promise<Position | null> {
  const { position } = await runPipeline(runtime, context, async (tx) => {
    const image = await activeImage(tx, id);
    await changeFeatured(tx, (state) =>
      state.order.includes(id) ? [{ type: 'ChangeFeatured', imageId: id, isFeatured: false, imageExists: true }] : [],
    );
    tx.append(image, galleryImageDecider.decide({ type: 'RemoveGalleryImage' }, image.state, tx.time));
  });
  return position;
}
