// The seating slice's public face: each day's seats (seating-<date>), the seat commands booking
// decisions make on them, closing and reopening a day, availability, and `ops seats reconcile`.
export { seatingFeature } from './seating-feature.js';
export { reconcileSeats, seatSource } from './seat-reconciliation.js';
export { seatReconcilerOf, startSeatReconciler } from './seat-reconciler.js';
export { seatsCommand, seatsUsage } from './seats-ops.js';
