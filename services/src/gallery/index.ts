// The gallery slice's public face: uploaded photos and the featured ones.
export { galleryFeature } from './gallery-feature.js';
export { setFeatured, uploadGalleryImage } from './gallery-commands.js';
export { galleryDemo } from './gallery-demo.js';
