import { DEFAULT_OPENING_HOURS, type OpeningHours } from '@cafe/contracts/opening-hours';
import { useBusinessInfo } from './get-business-info';

/**
 * The café's opening hours from GET /api/business-info (the defaults until it has answered): every
 * time list (public forms, a guest's change, the staff dialogs) and the week grid offer slotsFor(date,
 * hours), the same function the server's availability and deciders use.
 */
export function useOpeningHours(): OpeningHours {
  return useBusinessInfo().data?.openingHours ?? DEFAULT_OPENING_HOURS;
}
