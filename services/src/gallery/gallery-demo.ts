import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SERVICES_DIR } from '../platform/package-paths.js';
import { laterPosition, type DemoPart } from '../platform/runtime/demo-part.js';
import { setFeatured, uploadGalleryImage } from './gallery-commands.js';

const GALLERY_DIR = join(SERVICES_DIR, 'assets', 'gallery');

/** The living demo's photos (services/assets/gallery), with fixed ids so two seeders collide instead of doubling them. */
export const DEMO_GALLERY = [
  {
    id: 'demo-board-game-table',
    file: 'board-game-table.jpg',
    alt: 'A strategy game mid-play with meeples, dice, cards and a latte',
    featured: true,
  },
  { id: 'demo-pizza-and-games', file: 'pizza-and-games.jpg', alt: 'A fresh pizza beside a game box and dice', featured: true },
  { id: 'demo-game-library-wall', file: 'game-library-wall.jpg', alt: 'Shelves of board games in the game library', featured: true },
  { id: 'demo-cafe-evening', file: 'cafe-evening.jpg', alt: 'Friends playing games at the café on an evening', featured: true },
  { id: 'demo-dice-on-felt', file: 'dice-on-felt.jpg', alt: 'Colourful dice on a green felt table', featured: false },
  { id: 'demo-card-game-night', file: 'card-game-night.jpg', alt: 'A card game with chips, a score pad and hot drinks', featured: false },
  { id: 'demo-meeple-crowd', file: 'meeple-crowd.jpg', alt: 'Rows of colourful meeples', featured: false },
  {
    id: 'demo-drinks-and-snacks',
    file: 'drinks-and-snacks.jpg',
    alt: 'Lattes, a root beer, a salad and wraps between games',
    featured: false,
  },
] as const;

/** Uploads each photo (its sizes made as any upload's), the first four featured. */
export const galleryDemo: DemoPart = {
  async seed(runtime, context) {
    let position = null;
    for (const photo of DEMO_GALLERY) {
      const file = await readFile(join(GALLERY_DIR, photo.file));
      position = laterPosition(position, (await uploadGalleryImage(runtime, file, photo.alt, context, photo.id)).result.position);
      if (photo.featured) position = laterPosition(position, (await setFeatured(runtime, photo.id, true, true, context)).position);
    }
    return { counts: { images: DEMO_GALLERY.length }, told: `${DEMO_GALLERY.length} gallery images`, position };
  },
};
