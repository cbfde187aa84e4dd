import { describe, expect, it } from 'vitest';
import { cafeEventSchema, cafeEventUpdateSchema, type CafeEventEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { cafeEventDecider } from './cafe-event-decider.js';
import { InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';

const spec = deciderSpec(cafeEventDecider, WEDNESDAY);
const fields = cafeEventSchema.parse({ title: 'Game Night', event_date: '2026-11-20', event_time: '7:00 PM' });
const scheduled: CafeEventEvent = {
  type: 'CafeEventScheduled',
  data: {
    eventId: 'e1',
    title: 'Game Night',
    description: null,
    date: '2026-11-20',
    time: '19:00',
    location: null,
    price: null,
    maxAttendees: null,
    imageUrl: null,
    startsAt: '2026-11-21T01:00:00.000Z',
    endsAt: null,
    isVisible: true,
    isFeatured: false,
  },
};

describe('café event decider', () => {
  it('given nothing, when scheduled, then CafeEventScheduled with startsAt in the café zone', () => {
    spec.given([]).when({ type: 'ScheduleCafeEvent', eventId: 'e1', fields }).then([scheduled]);
  });
  it('derives startsAt in the zone the context gives (New York is an hour ahead of Chicago)', () => {
    const ny = deciderSpec(cafeEventDecider, { ...WEDNESDAY, zone: 'America/New_York' });
    const [event] = cafeEventDecider.decide({ type: 'ScheduleCafeEvent', eventId: 'e1', fields }, ny.given([]).state(), {
      ...WEDNESDAY,
      zone: 'America/New_York',
    });
    expect(event!.data).toMatchObject({ startsAt: '2026-11-21T00:00:00.000Z' });
  });
  it('given an event, when its time moves, then startsAt moves with it', () => {
    spec
      .given([scheduled])
      .when({ type: 'UpdateCafeEvent', changes: cafeEventUpdateSchema.parse({ event_time: '18:30' }) })
      .then([{ type: 'CafeEventUpdated', data: { eventId: 'e1', time: '18:30', startsAt: '2026-11-21T00:30:00.000Z' } }]);
  });
  it('given an event, when its time is cleared, then startsAt is null', () => {
    spec
      .given([scheduled])
      .when({ type: 'UpdateCafeEvent', changes: cafeEventUpdateSchema.parse({ event_time: null }) })
      .then([{ type: 'CafeEventUpdated', data: { eventId: 'e1', time: null, startsAt: null } }]);
  });
  it('refuses an end before the start', () => {
    spec
      .given([scheduled])
      .when({ type: 'UpdateCafeEvent', changes: cafeEventUpdateSchema.parse({ endsAt: '2026-11-21T00:00:00.000Z' }) })
      .thenThrows(InvalidCommand, 'The event must end after it starts');
  });
  it('given a removed event, when removed again, then 404', () => {
    spec
      .given([scheduled, { type: 'CafeEventRemoved', data: { eventId: 'e1' } }])
      .when({ type: 'RemoveCafeEvent' })
      .thenThrows(NotFound, 'Event not found');
  });
});
