// The seating slice's public face: each day's seats (seating-<date>), the seat commands booking
// decisions make on them, closing and reopening a day, availability, and `ops seats reconcile` (also run a
// few dates at a time where the projections run: startSeatReconciler).
export { seatingFeature } from './seating-feature.js';
export { reconcileSeats, seatSource } from './seat-reconciliation.js';
export { startSeatReconciler } from './seat-reconciler.js';
export { seatsCommand, seatsUsage } from './seats-ops.js';
