// The bookings-calendar slice's public face: one read model of every live booking, and the dashboard's views of it.
export { bookingsCalendarFeature } from './bookings-calendar-feature.js';
export { bookingsCalendarProjection, type CalendarDoc } from './bookings-calendar-projection.js';
export { bookingCalendarDaySheet } from './booking-calendar-day-sheet.js';
export { bookingCalendarClosure } from './booking-closure.js';
