// The hours-changes slice's public face: PUT /api/admin/business-info, which closes the holidays it marks
// closed and settles the bookings its hours leave out through the closures slice.
export { hoursChangesFeature } from './hours-changes-feature.js';
