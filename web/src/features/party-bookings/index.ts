/**
 * Public API of the party-bookings feature for other features (the Reservations views open a party's
 * edit dialog). The landing page imports its own components directly, so none of this loads with it.
 */
export { PartyEditDialog } from './components/party-edit-dialog';
export type { PartyLike } from './components/party-types';
