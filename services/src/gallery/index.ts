// The gallery slice's public face: uploaded photos and the featured ones.
export { galleryFeature } from './gallery-feature.js';
export { galleryDemo } from './gallery-demo.js';
