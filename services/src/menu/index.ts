// The menu slice's public face: the café's menu categories and items.
export { menuFeature } from './menu-feature.js';
export { menuDemo } from './menu-demo.js';
