import { describe, expect, it } from 'vitest';
import { projectionSpec, type GivenEvent } from '../../test/projection-spec.js';
import { galleryProjection } from './gallery-projection.js';

const added = (id: string): GivenEvent => ({
  stream: `galleryImage-${id}`,
  type: 'GalleryImageAdded',
  data: {
    imageId: id,
    url: `/images/${id}.webp`,
    alt: id,
    thumbnailUrl: null,
    width: null,
    height: null,
    source: 'url',
    isVisible: true,
    sortOrder: 0,
  },
});
const order = (imageId: string, featuredOrder: string[], type = 'GalleryImageFeaturedChanged'): GivenEvent => ({
  stream: 'galleryFeatured-main',
  type,
  data:
    type === 'GalleryImageReordered' ? { imageId, featuredOrder } : { imageId, isFeatured: featuredOrder.includes(imageId), featuredOrder },
});
const spec = projectionSpec(galleryProjection);
const featured = (docs: Map<string, { isFeatured: boolean; sortOrder: number }>) =>
  [...docs.entries()]
    .filter(([, d]) => d.isFeatured)
    .sort((a, b) => a[1].sortOrder - b[1].sortOrder)
    .map(([id, d]) => [id, d.sortOrder]);

describe('gallery_images projection', () => {
  it('given three featured images, when the last moves up, then the featured order is rewritten 0..n-1', () => {
    spec
      .given([added('a'), added('b'), added('c'), order('a', ['a']), order('b', ['a', 'b']), order('c', ['a', 'b', 'c'])])
      .when(order('c', ['a', 'c', 'b'], 'GalleryImageReordered'))
      .then((docs) =>
        expect(featured(docs)).toEqual([
          ['a', 0],
          ['c', 1],
          ['b', 2],
        ]),
      );
  });

  it('given two featured images, when the first is unfeatured, then the other takes place 0 and the first is plain again', () => {
    spec
      .given([added('a'), added('b'), order('a', ['a']), order('b', ['a', 'b'])])
      .when(order('a', ['b']))
      .then((docs) => {
        expect(featured(docs)).toEqual([['b', 0]]);
        expect(docs.get('a')).toMatchObject({ isFeatured: false, sortOrder: 0 });
      });
  });

  it('given an image, when it is removed, then it leaves the gallery', () => {
    spec
      .given([added('a')])
      .when({ stream: 'galleryImage-a', type: 'GalleryImageRemoved', data: { imageId: 'a' } })
      .thenNoDocument('a');
  });
});
