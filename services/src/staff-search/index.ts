// The booking-search slice's public face: the dashboard's search box over every booking's guest details.
export { bookingSearchFeature } from './booking-search-feature.js';
export { staffSearchDaySheet } from './staff-search-day-sheet.js';
