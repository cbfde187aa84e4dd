// The arrivals slice's public face: arrivals, walk-ins and guests' records (booking_visits).
export { arrivalsFeature } from './arrivals-feature.js';
export { arrivalsDaySheet } from './arrivals-day-sheet.js';
export { arrivalsOnDay } from './arrivals-on-day.js';
