import { describe, expect, it } from 'vitest';
import {
  COVER_CHARGE_MESSAGE,
  GAMES_TAUGHT_MESSAGE,
  LATE_HOLD_MESSAGE,
  PARTY_RANGE_ORDER_MESSAGE,
  PARTY_SIZE_MESSAGE,
  partyMaxOverCapacityMessage,
} from '@cafe/contracts';
import { appendDirectly } from '../../test/test-app.js';
import { useAdminApp } from '../../test/admin-app.js';
import { partyBody } from '../../test/booking-test-kit.js';

const visitor = { origin: 'http://localhost:3000' };

/** The café's usual words: what business info answers before staff set a fact, and for old events. */
const DEFAULTS = {
  coverCharge: '6.00',
  coverNote: 'One small fee per player and you can play as long as you like.',
  lateHoldMinutes: 15,
  parkingNote: 'Free parking behind the building.',
  familyNote: 'Family friendly; kids under 5 play free.',
  partySizeMin: 6,
  partySizeMax: 24,
  gamesTaught: 50,
  orderOnlineUrl: 'https://www.doordash.com/store/meeple-haven-board-game-cafe-waukesha/',
  reviewsUrl: 'https://www.google.com/search?q=Meeple+Haven+Board+Game+Caf%C3%A9+Waukesha+reviews',
  gameCollectionUrl: 'https://boardgamegeek.com/collection/user/MeepleHavenCafe',
};

describe('business facts: cover, table hold, parking and family notes, party sizes, links', () => {
  const { t, send } = useAdminApp();
  const stream = () => t.runtime.eventStore.readStream('businessInfo-main');
  const get = async () => (await t.app.inject('/api/business-info')).json();
  const put = (body: object) => send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', ...body });

  it('old business info (an event from before these fields) reads the defaults; the largest party stops at its 20 seats', async () => {
    await appendDirectly(t, 'businessInfo-main', {
      type: 'BusinessInfoUpdated',
      data: { name: 'Meeple Haven', phone: '(262) 555-0199', seatCapacity: 20 },
    });
    expect(await get()).toMatchObject({ ...DEFAULTS, name: 'Meeple Haven', seatCapacity: 20, partySizeMax: 20 });
  });

  it('PUT then GET: every fact as staff saved it; the cover is stored as an exact amount', async () => {
    const saved = await put({
      seatCapacity: 40,
      coverCharge: '$7.5',
      coverNote: 'Per player, all day.',
      lateHoldMinutes: 10,
      parkingNote: 'Street parking on Maple Grove Ave.',
      familyNote: 'Kids under 8 play free.',
      partySizeMin: 4,
      partySizeMax: 30,
      gamesTaught: 80,
      orderOnlineUrl: 'https://order.example.com/meeple',
      reviewsUrl: '',
      gameCollectionUrl: 'https://boardgamegeek.com/collection/user/Other',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      coverCharge: '7.50',
      coverNote: 'Per player, all day.',
      lateHoldMinutes: 10,
      parkingNote: 'Street parking on Maple Grove Ave.',
      familyNote: 'Kids under 8 play free.',
      partySizeMin: 4,
      partySizeMax: 30,
      gamesTaught: 80,
      orderOnlineUrl: 'https://order.example.com/meeple',
      reviewsUrl: '',
      gameCollectionUrl: 'https://boardgamegeek.com/collection/user/Other',
    };
    expect(saved.json()).toMatchObject(expected);
    expect(await get()).toMatchObject(expected);
    // Cleared notes stay cleared ('' shows none), never back to the defaults.
    expect((await put({ parkingNote: '', familyNote: null, coverCharge: 0 })).statusCode).toBe(200);
    expect(await get()).toMatchObject({ parkingNote: '', familyNote: '', coverCharge: '0.00', coverNote: 'Per player, all day.' });
  });

  it('the public party form takes the sizes staff set: 4 and 30 booked, 3 and 31 refused with the range', async () => {
    expect((await put({ seatCapacity: 40, partySizeMin: 4, partySizeMax: 30 })).statusCode).toBe(200);
    const party = (partySize: number, email: string) => send('POST', '/api/party-bookings', { ...partyBody, partySize, email }, visitor);
    expect((await party(4, 'four@example.com')).statusCode).toBe(201);
    expect((await party(30, 'thirty@example.com')).statusCode).toBe(201);
    for (const size of [3, 31]) {
      const refused = await party(size, `refused${size}@example.com`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Party size must be between 4 and 30');
    }
    const listed = (await send('GET', '/api/party-bookings')).json() as { email: string; partySize: number }[];
    expect(listed.filter((b) => b.email.startsWith('refused'))).toEqual([]);
    expect(listed.map((b) => b.partySize).sort()).toEqual([30, 4]);
  });

  it.each([
    ['a cover that is not an amount', { coverCharge: 'six' }, COVER_CHARGE_MESSAGE],
    ['a cover above 1000', { coverCharge: '1200' }, COVER_CHARGE_MESSAGE],
    ['an empty cover', { coverCharge: '' }, COVER_CHARGE_MESSAGE],
    ['a hold of 7 minutes', { lateHoldMinutes: 7 }, LATE_HOLD_MESSAGE],
    ['a hold of 90 minutes', { lateHoldMinutes: 90 }, LATE_HOLD_MESSAGE],
    ['a party size of 0', { partySizeMin: 0 }, PARTY_SIZE_MESSAGE],
    ['a largest party below the smallest', { partySizeMin: 10, partySizeMax: 8 }, PARTY_RANGE_ORDER_MESSAGE],
    ['a largest party above the seats sent', { seatCapacity: 20, partySizeMax: 24 }, partyMaxOverCapacityMessage(20)],
    ['games taught of -1', { gamesTaught: -1 }, GAMES_TAUGHT_MESSAGE],
    ['a parking note of 301 characters', { parkingNote: 'p'.repeat(301) }, 'Parking note must be at most 300 characters'],
    ['an order link that is not a URL', { orderOnlineUrl: 'doordash' }, 'Please enter a valid URL'],
  ])('refuses %s with 400 "%s" and stores nothing', async (_label, body, message) => {
    const before = (await stream()).length;
    const refused = await put(body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
    expect((await stream()).length).toBe(before);
  });

  it('a largest party above the stored seats is refused; lowering the seats alone is not, the form then stops at them', async () => {
    expect((await put({ seatCapacity: 30, partySizeMin: 6, partySizeMax: 24 })).statusCode).toBe(200);
    const refused = await put({ partySizeMax: 31 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(partyMaxOverCapacityMessage(30));
    expect((await put({ seatCapacity: 12 })).statusCode).toBe(200);
    expect(await get()).toMatchObject({ seatCapacity: 12, partySizeMin: 6, partySizeMax: 12 });
    const tooLarge = await send('POST', '/api/party-bookings', { ...partyBody, partySize: 13, email: 'big@example.com' }, visitor);
    expect(tooLarge.statusCode).toBe(409);
  });
});

describe('GET /api/games/count', () => {
  const { t, send } = useAdminApp();

  it('says how many games the library holds, and follows it', async () => {
    const count = async () => (await t.app.inject('/api/games/count')).json().games as number;
    const before = await count();
    const added = await send('POST', '/api/admin/games', { title: 'A Game Nobody Has Heard Of', minPlayers: 2, maxPlayers: 4 });
    expect(added.statusCode, added.body).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
