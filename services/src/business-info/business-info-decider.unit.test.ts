import { describe, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, businessInfoFormSchema } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { businessInfoDecider } from './business-info-decider.js';

const spec = deciderSpec(businessInfoDecider, WEDNESDAY);
const form = (body: object) => ({ type: 'UpdateBusinessInfo' as const, form: businessInfoFormSchema.parse(body) });

describe('business info decider', () => {
  it('given nothing, when the form is saved, then BusinessInfoUpdated with hoursJson from the lines and the social links', () => {
    spec
      .given([])
      .when(
        form({
          name: 'Meeple Haven',
          hours: 'Mon - Fri: 3 PM - 11 PM\nSat - Sun: 11 AM - 11 PM',
          social_media: { Facebook: 'https://facebook.com/mh', twitter: '@mh' },
        }),
      )
      .then([
        {
          type: 'BusinessInfoUpdated',
          data: {
            name: 'Meeple Haven',
            hours: 'Mon - Fri: 3 PM - 11 PM\nSat - Sun: 11 AM - 11 PM',
            hoursJson: JSON.stringify({
              monday: '3 PM - 11 PM',
              tuesday: '3 PM - 11 PM',
              wednesday: '3 PM - 11 PM',
              thursday: '3 PM - 11 PM',
              friday: '3 PM - 11 PM',
              saturday: '11 AM - 11 PM',
              sunday: '11 AM - 11 PM',
            }),
            socialMedia: { Facebook: 'https://facebook.com/mh', twitter: '@mh' },
            facebookUrl: 'https://facebook.com/mh',
            instagramUrl: null,
          },
        },
      ]);
  });
  it('given saved info, when the seat capacity and holding time change, then only they are recorded', () => {
    const [event] = businessInfoDecider.decide(form({ name: 'Meeple Haven' }), businessInfoDecider.initialState(), WEDNESDAY);
    spec
      .given([event!])
      .when(form({ name: 'Meeple Haven', seatCapacity: 40, holdingMinutes: 90 }))
      .then([{ type: 'BusinessInfoUpdated', data: { seatCapacity: 40, holdingMinutes: 90 } }]);
  });
  it('given saved info, when the same form is saved, then nothing', () => {
    const body = { name: 'Meeple Haven', phone: '(262) 555-0100' };
    const [event] = businessInfoDecider.decide(form(body), businessInfoDecider.initialState(), WEDNESDAY);
    spec.given([event!]).when(form(body)).thenNothing();
  });
  it('given saved info, when the structured hours are saved, then both texts are written from them with the holidays and last seating', () => {
    const [event] = businessInfoDecider.decide(form({ name: 'Meeple Haven' }), businessInfoDecider.initialState(), WEDNESDAY);
    const week = {
      ...DEFAULT_OPENING_HOURS.week,
      monday: { closed: true, open: '15:00', close: '23:00' },
      wednesday: { closed: false, open: '17:00', close: '21:00' },
    };
    const holiday = { date: '2026-11-26', closed: true, open: '', close: '', note: 'Thanksgiving' };
    spec
      .given([event!])
      .when(form({ name: 'Meeple Haven', hours: 'ignored: Closed', openingHours: { week, exceptions: [holiday], lastSeatingMinutes: 30 } }))
      .then([
        {
          type: 'BusinessInfoUpdated',
          data: {
            hours: [
              'Monday: Closed',
              'Tuesday: 3:00 PM - 11:00 PM',
              'Wednesday: 5:00 PM - 9:00 PM',
              'Thursday - Friday: 3:00 PM - 11:00 PM',
              'Saturday: 11:00 AM - 11:00 PM',
              'Sunday: 11:00 AM - 8:00 PM',
            ].join('\n'),
            hoursJson: JSON.stringify({
              monday: 'Closed',
              tuesday: '3:00 PM - 11:00 PM',
              wednesday: '5:00 PM - 9:00 PM',
              thursday: '3:00 PM - 11:00 PM',
              friday: '3:00 PM - 11:00 PM',
              saturday: '11:00 AM - 11:00 PM',
              sunday: '11:00 AM - 8:00 PM',
            }),
            hoursExceptions: [holiday],
            lastSeatingMinutes: 30,
          },
        },
      ]);
  });
});
