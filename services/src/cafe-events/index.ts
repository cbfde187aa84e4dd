// The cafe-events slice's public face: events staff schedule and the site lists.
export { cafeEventsFeature } from './cafe-events-feature.js';
export { scheduleCafeEvent } from './cafe-event-commands.js';
