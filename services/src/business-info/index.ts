// The business-info slice's public face: the café's stored details, and what a booking decision reads
// of them (seat capacity, holding time, opening hours) from the one business info stream.
export { businessInfoFeature } from './business-info-feature.js';
export { decideBusinessInfoSave, type BusinessInfoSaveDecision } from './business-info-commands.js';
export { readBusinessInfo } from './business-info-routes.js';
export { businessInfoDemo } from './business-info-demo.js';
export { cafeContact } from './cafe-contact.js';
