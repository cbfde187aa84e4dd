import { type GalleryFeaturedEvent } from '@cafe/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { galleryFeaturedDecider } from './gallery-featured-decider.js';
import { galleryProjection, type GalleryImageDoc } from './gallery-projection.js';
import { NotFound } from '../platform/commands/domain-errors.js';

const spec = deciderSpec(galleryFeaturedDecider, WEDNESDAY);
const featured = (imageId: string, order: string[]): GalleryFeaturedEvent => ({
  type: 'GalleryImageFeaturedChanged',
  data: { imageId, isFeatured: true, featuredOrder: order },
});
const abc = [featured('a', ['a']), featured('b', ['a', 'b']), featured('c', ['a', 'b', 'c'])];

describe('gallery featured decider', () => {
  it('given featured a, b, when c is featured, then it joins at the end', () => {
    spec.given(abc.slice(0, 2)).when({ type: 'ChangeFeatured', imageId: 'c', isFeatured: true, imageExists: true }).then([abc[2]!]);
  });
  it('given a featured image, when featured again, then nothing', () => {
    spec.given(abc).when({ type: 'ChangeFeatured', imageId: 'b', isFeatured: true, imageExists: true }).thenNothing();
  });
  it('refuses to feature an image that does not exist', () => {
    spec
      .given([])
      .when({ type: 'ChangeFeatured', imageId: 'x', isFeatured: true, imageExists: false })
      .thenThrows(NotFound, 'Image not found');
  });
  it('given a, b, c, when c moves to 0, then the whole order is c, a, b', () => {
    spec
      .given(abc)
      .when({ type: 'MoveFeaturedImage', imageId: 'c', toIndex: 0 })
      .then([{ type: 'GalleryImageReordered', data: { imageId: 'c', featuredOrder: ['c', 'a', 'b'] } }]);
  });
  it('clamps a place past the end, and a move to where it already is changes nothing', () => {
    spec
      .given(abc)
      .when({ type: 'MoveFeaturedImage', imageId: 'a', toIndex: 42 })
      .then([{ type: 'GalleryImageReordered', data: { imageId: 'a', featuredOrder: ['b', 'c', 'a'] } }]);
    spec.given(abc).when({ type: 'MoveFeaturedImage', imageId: 'b', toIndex: 1 }).thenNothing();
  });
  it('given b unfeatured, then the order closes the gap', () => {
    spec
      .given(abc)
      .when({ type: 'ChangeFeatured', imageId: 'b', isFeatured: false, imageExists: true })
      .then([{ type: 'GalleryImageFeaturedChanged', data: { imageId: 'b', isFeatured: false, featuredOrder: ['a', 'c'] } }]);
  });
});

describe('gallery projection: featured order', () => {
  const recorded = (type: string, data: unknown, position: number): RecordedEvent => ({
    id: `e${position}`,
    type,
    streamId: 's',
    revision: 0n,
    position: BigInt(position),
    data,
    metadata: { occurredAt: '2026-11-18T16:00:00.000Z', actor: { kind: 'visitor' }, correlationId: 'c', causationId: 'c' },
    recordedAt: '2026-11-18T16:00:00.000Z',
  });
  const image = (id: string, sortOrder: number, isFeatured: boolean): GalleryImageDoc => ({
    _id: id,
    id,
    url: `https://x.test/${id}.jpg`,
    alt: id,
    thumbnailUrl: null,
    width: null,
    height: null,
    source: 'url',
    isVisible: true,
    sortOrder,
    isFeatured,
    createdAt: '',
    updatedAt: '',
    version: 0,
  });

  it('touches every image in the order and the one that left, writing sortOrder 0..n-1', () => {
    const event = recorded('GalleryImageFeaturedChanged', { imageId: 'b', isFeatured: false, featuredOrder: ['c', 'a'] }, 9);
    expect(galleryProjection.documentIds(event).sort()).toEqual(['a', 'b', 'c']);
    expect(galleryProjection.evolve(image('c', 2, true), event, 'c')).toMatchObject({ isFeatured: true, sortOrder: 0 });
    expect(galleryProjection.evolve(image('a', 0, true), event, 'a')).toMatchObject({ isFeatured: true, sortOrder: 1 });
    expect(galleryProjection.evolve(image('b', 1, true), event, 'b')).toMatchObject({ isFeatured: false, sortOrder: 0 });
    // An id whose image is gone gets no document.
    expect(galleryProjection.evolve(null, event, 'c')).toBeNull();
  });
});
