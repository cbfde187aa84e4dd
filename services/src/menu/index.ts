// The menu slice's public face: the café's menu categories and items.
export { menuFeature } from './menu-feature.js';
export { createMenuCategory, createMenuItem } from './menu-commands.js';
export { menuDemo } from './menu-demo.js';
