/** Public API of the booking-history feature: the History tab both booking dialogs show. */
export { BookingHistoryList } from './components/booking-history';
export { bookingHistoryQueryOptions, useBookingHistory, type BookingKind } from './api/get-booking-history';
