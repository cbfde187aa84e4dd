/**
 * The public booking forms' shared parts (table reservation, party request): contact, size, date and
 * time fields and the form hook with the closed-date rule. Other features import only from here.
 */
export { ContactFields, RequestsField, SizeField } from './components/booking-fields';
export { ScheduleFields, type ScheduleFieldsProps } from './components/schedule-fields';
export { AVAILABILITY_KEY } from './api/get-availability';
export { useBookingForm, type BookingFields, type BookingFieldValues } from './hooks/use-booking-form';
