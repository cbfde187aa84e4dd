import {
  DEFAULT_FACTS,
  DEFAULT_SEAT_CAPACITY,
  PARTY_RANGE_ORDER_MESSAGE,
  partyMaxOverCapacityMessage,
  hoursFromLines,
  hoursToLines,
  readHoursJson,
  socialUrl,
  weekToMap,
  type BusinessInfoForm,
  type BusinessInfoData,
  type BusinessInfoEvent,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { onlyChanged } from '../platform/commands/only-changed.js';
import { InvalidCommand } from '../platform/commands/domain-errors.js';
import { BUSINESS_INFO_STREAM } from '../cafe-day/index.js';

export { BUSINESS_INFO_STREAM };

export type BusinessInfoState = { status: 'unset' } | { status: 'set'; info: Partial<BusinessInfoData> };

export type BusinessInfoCommand = { type: 'UpdateBusinessInfo'; form: BusinessInfoForm };

export const businessInfoDecider: Decider<BusinessInfoState, BusinessInfoCommand, BusinessInfoEvent> = {
  initialState: () => ({ status: 'unset' }),
  evolve: (state, event) => ({ status: 'set', info: { ...(state.status === 'set' ? state.info : {}), ...event.data } }),
  decide: (command, state) => {
    const current = state.status === 'set' ? state.info : {};
    const f = command.form;
    const requested: Partial<BusinessInfoData> = {
      name: f.name,
      description: f.description,
      address: f.address,
      phone: f.phone,
      email: f.email,
      website: f.website,
      hours: f.hours,
      socialMedia: f.social_media === undefined ? undefined : f.social_media && nonEmpty(f.social_media),
      announcement: f.announcement,
      facebookUrl: f.facebookUrl,
      instagramUrl: f.instagramUrl,
      seatCapacity: f.seatCapacity,
      holdingMinutes: f.holdingMinutes,
      coverCharge: f.coverCharge,
      coverNote: f.coverNote,
      lateHoldMinutes: f.lateHoldMinutes,
      parkingNote: f.parkingNote,
      familyNote: f.familyNote,
      partySizeMin: f.partySizeMin,
      partySizeMax: f.partySizeMax,
      gamesTaught: f.gamesTaught,
      orderOnlineUrl: f.orderOnlineUrl,
      reviewsUrl: f.reviewsUrl,
      gameCollectionUrl: f.gameCollectionUrl,
    };
    checkPartySizes(requested, current);
    // The hours lines are what staff edit: where they can be read, they decide hoursJson.
    const fromLines = f.hours ? hoursFromLines(f.hours) : null;
    if (fromLines) requested.hoursJson = JSON.stringify(fromLines);
    else if (f.hoursJson !== undefined) {
      requested.hoursJson = f.hoursJson;
      if (f.hours === undefined) requested.hours = hoursToLines(readHoursJson(f.hoursJson) ?? {});
    }
    if (f.openingHours) {
      // The structured hours (the dashboard's form) win over any lines sent with them: both texts are
      // written from them, so every reading tells the same hours.
      const map = weekToMap(f.openingHours.week);
      requested.hoursJson = JSON.stringify(map);
      requested.hours = hoursToLines(map);
      requested.hoursExceptions = f.openingHours.exceptions;
      requested.lastSeatingMinutes = f.openingHours.lastSeatingMinutes;
    }
    if (requested.socialMedia !== undefined) {
      // The stored reading's links follow the map unless they were sent themselves.
      if (f.facebookUrl === undefined) requested.facebookUrl = socialUrl(requested.socialMedia, 'facebook');
      if (f.instagramUrl === undefined) requested.instagramUrl = socialUrl(requested.socialMedia, 'instagram');
    }
    const changes = onlyChanged<Partial<BusinessInfoData>>(current, requested);
    return Object.keys(changes).length ? [{ type: 'BusinessInfoUpdated', data: changes }] : [];
  },
};

/**
 * Party sizes sent are checked against what the café will hold after this save: the smallest no larger
 * than the largest, the largest no larger than the seat capacity. A capacity lowered on its own stands
 * (the party form then stops at it), so a change of seats is never refused for the party range.
 */
function checkPartySizes(requested: Partial<BusinessInfoData>, current: Partial<BusinessInfoData>): void {
  if (requested.partySizeMin === undefined && requested.partySizeMax === undefined) return;
  const value = <K extends 'partySizeMin' | 'partySizeMax' | 'seatCapacity'>(key: K, fallback: number) =>
    requested[key] ?? current[key] ?? fallback;
  const min = value('partySizeMin', DEFAULT_FACTS.partySizeMin);
  const max = value('partySizeMax', DEFAULT_FACTS.partySizeMax);
  const capacity = value('seatCapacity', DEFAULT_SEAT_CAPACITY);
  const refuse = (message: string) => {
    throw new InvalidCommand(message, [{ path: ['partySizeMax'], message }]);
  };
  if (max < min) refuse(PARTY_RANGE_ORDER_MESSAGE);
  if (requested.partySizeMax !== undefined && max > capacity) refuse(partyMaxOverCapacityMessage(capacity));
}

function nonEmpty(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v.trim() !== ''));
}
