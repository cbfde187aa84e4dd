/** Public API of the staff booking dialogs' shared parts (reservation and party dialogs both use them). */
import './components/booking-dialog.css';

export { AdminScheduleFields } from './components/admin-schedule-fields';
export { BookingEditForm, changedFields } from './components/booking-edit-form';
export { useCapacityOverride } from './components/capacity-override';
export { BookingConflict, CONFLICT_TITLE } from './components/conflict-callout';
export { bookingDetail, ConfirmCancel, cancelConfirmText } from './components/confirm-cancel';
export { HistoryTabs } from './components/history-tabs';
export { ContactCell, EditDeleteButtons, RequestsCell } from './components/booking-cells';
export { useConflict, type Conflict, type ConflictState } from './components/use-conflict';
export { useDialog } from './components/use-dialog';
