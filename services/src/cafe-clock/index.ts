// The cafe-clock slice's public face: the café's today and time zone for the browser.
export { cafeClockFeature } from './cafe-clock-feature.js';
