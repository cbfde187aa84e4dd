import { describe, expect, it } from 'vitest';
import { DEFAULT_STAY_RULES, noTableFitsMessage, type Floor, type FloorTable, type SeatHold, type SeatingEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { FullyBooked, TableRule, seatingDecider, type SeatingCommand } from './seating-decider.js';
import { fold } from '../platform/commands/decider.js';

const spec = deciderSpec(seatingDecider, WEDNESDAY);
const date = '2026-11-21';
const table = (name: string, minSeats: number, maxSeats: number, online = true): FloorTable => ({ name, minSeats, maxSeats, online });
/** Two 2-tops, a 6-top seating 3 to 6 and a walk-in 4-top; the 2-tops join as 3 to 4. */
const floor: Floor = {
  areas: [{ name: 'Main room', tables: [table('1', 1, 2), table('2', 1, 2), table('6', 3, 6), table('W', 1, 4, false)] }],
  combinations: [{ tables: ['1', '2'], minSeats: 3, maxSeats: 4 }],
  stays: DEFAULT_STAY_RULES,
  maxOversizeOnline: 2,
};
const hold = (bookingId: string, time: string, partySize: number, holdingMinutes = 90, tables?: string[]): SeatHold => ({
  bookingId,
  kind: 'reservation',
  time,
  partySize,
  holdingMinutes,
  ...(tables ? { tables } : {}),
});
const reserved = (h: SeatHold, extra: { overCapacity?: true } = {}): SeatingEvent => ({
  type: 'SeatsReserved',
  data: { date, ...h, capacity: 60, ...extra },
});
const reserve = (h: SeatHold, options: { online?: boolean; override?: boolean; withFloor?: Floor | null } = {}): SeatingCommand => ({
  type: 'ReserveSeats',
  date,
  hold: h,
  capacity: 60,
  override: options.override ?? false,
  floor: options.withFloor === undefined ? floor : options.withFloor,
  online: options.online ?? true,
});
/** Refused without a floor: the seats are full. */
const FULL_AT_7 = 'Sorry, we are fully booked at 7:00 PM. Please choose another time.';

describe('seating decider with a floor: bookings get tables atomically', () => {
  it('given an empty day, when a guest couple books, then SeatsReserved at the first 2-top for its stay; the seat capacity is not counted', () => {
    spec
      .given([])
      .when(reserve(hold('a', '19:00', 2)))
      .then([reserved(hold('a', '19:00', 2, 90, ['1']))]);
    spec
      .given([reserved(hold('x', '19:00', 59))])
      .when(reserve(hold('a', '19:00', 2)))
      .then([reserved(hold('a', '19:00', 2, 90, ['1']))]);
  });

  it('given both 2-tops taken, when a guest couple books, then fully booked (the 6-top seats 3 to 6, the walk-in table is not online); staff get the walk-in table', () => {
    const given = [reserved(hold('a', '19:00', 2, 90, ['1'])), reserved(hold('b', '19:00', 2, 90, ['2']))];
    spec
      .given(given)
      .when(reserve(hold('c', '19:00', 2)))
      .thenThrows(FullyBooked, noTableFitsMessage(2, '19:00'));
    spec
      .given(given)
      .when(reserve(hold('c', '19:00', 2), { online: false }))
      .then([reserved(hold('c', '19:00', 2, 90, ['W']))]);
  });

  it('given no table fits, when staff book anyway, then reserved with no tables (listed to place) and over capacity', () => {
    spec
      .given([reserved(hold('big', '19:00', 6, 150, ['6']))])
      .when(reserve(hold('c', '19:00', 5, 150), { online: false, override: true }))
      .then([reserved(hold('c', '19:00', 5, 150, []), { overCapacity: true })]);
  });

  it('given a party larger than any online table, then told it is too large (the largest seats), not fully booked', () => {
    spec
      .given([])
      .when(reserve(hold('c', '19:00', 7, 150)))
      .thenThrows(FullyBooked, 'Sorry, a party of 7 is larger than the café can seat (6 seats). Please choose a smaller party.');
  });

  it('given a hold at a 2-top, when it moves to 7:30 and the table is still free, then it keeps its table; grown to 4, it takes the combination… or the 6-top', () => {
    spec
      .given([reserved(hold('a', '19:00', 2, 90, ['2']))])
      .when(reserve(hold('a', '19:30', 2)))
      .then([reserved(hold('a', '19:30', 2, 90, ['2']))]);
    // 4 guests: the joined 2-tops seat 3 to 4 (smaller than the 6-top), and its own 2-top does not count against it.
    spec
      .given([reserved(hold('a', '19:00', 2, 90, ['2']))])
      .when(reserve(hold('a', '19:00', 4, 120)))
      .then([reserved(hold('a', '19:00', 4, 120, ['1', '2']))]);
  });

  it('given the same hold again (a repeated request), then nothing; an unplaced hold asked again stays as it is', () => {
    spec
      .given([reserved(hold('a', '19:00', 2, 90, ['2']))])
      .when(reserve(hold('a', '19:00', 2)))
      .thenNothing();
    spec
      .given([reserved(hold('a', '19:00', 2, 90, []), { overCapacity: true })])
      .when(reserve(hold('a', '19:00', 2), { override: true }))
      .thenNothing();
  });

  it('given staff choose tables (a walk-in), then they are checked: taken is a table rule unless they override; unknown always', () => {
    const given = [reserved(hold('a', '19:00', 2, 90, ['1']))];
    spec
      .given(given)
      .when(reserve(hold('w', '19:30', 2, 90, ['1']), { online: false }))
      .thenThrows(TableRule, 'Table 1 is taken at 7:30 PM.');
    spec
      .given(given)
      .when(reserve(hold('w', '19:30', 2, 90, ['1']), { online: false, override: true }))
      .then([reserved(hold('w', '19:30', 2, 90, ['1']), { overCapacity: true })]);
    spec
      .given(given)
      .when(reserve(hold('w', '19:30', 2, 90, ['9']), { online: false, override: true }))
      .thenThrows(TableRule, 'There is no table “9” on the floor.');
    spec
      .given(given)
      .when(reserve(hold('w', '19:30', 2, 90, ['w']), { online: false }))
      .then([reserved(hold('w', '19:30', 2, 90, ['W']))]);
  });

  it('given a pending party request on a floor, then it must fit a table now and holds none', () => {
    const request = (partySize: number, override = false): SeatingCommand => ({
      type: 'RequestSeats',
      date,
      request: { bookingId: 'p', kind: 'party', time: '19:00', partySize },
      holdingMinutes: 150,
      capacity: 60,
      override,
      floor,
      online: true,
    });
    spec
      .given([])
      .when(request(6))
      .then([{ type: 'SeatsRequested', data: { date, bookingId: 'p', kind: 'party', time: '19:00', partySize: 6 } }]);
    spec
      .given([reserved(hold('a', '18:00', 5, 150, ['6']))])
      .when(request(6))
      .thenThrows(FullyBooked, noTableFitsMessage(6, '19:00'));
    spec
      .given([reserved(hold('a', '18:00', 5, 150, ['6']))])
      .when(request(6, true))
      .then([{ type: 'SeatsRequested', data: { date, bookingId: 'p', kind: 'party', time: '19:00', partySize: 6 } }]);
  });

  it('given no floor (floor null), then seats are counted by the capacity exactly as before', () => {
    spec
      .given([reserved(hold('x', '19:00', 59, 120))])
      .when(reserve(hold('a', '19:00', 2, 120), { withFloor: null }))
      .thenThrows(FullyBooked, FULL_AT_7);
  });
});

describe('MoveTables (staff)', () => {
  const move = (tables: string[], force = false, bookingId = 'a'): SeatingCommand => ({
    type: 'MoveTables',
    date,
    bookingId,
    tables,
    force,
    floor,
  });
  const given = [reserved(hold('a', '19:00', 2, 90, ['1'])), reserved(hold('b', '19:30', 2, 90, ['2']))];

  it('given a free table, when staff move a booking there, then TablesAssigned by staff; the same tables again, nothing', () => {
    spec
      .given(given)
      .when(move(['W']))
      .then([{ type: 'TablesAssigned', data: { date, bookingId: 'a', from: ['1'], tables: ['W'], by: 'staff' } }]);
    spec
      .given(given)
      .when(move(['1']))
      .thenNothing();
  });

  it('given a taken or too small table, then a table rule (409 table-rule) unless forced; a forced move says so', () => {
    spec
      .given(given)
      .when(move(['2']))
      .thenThrows(TableRule, 'Table 2 is taken at 7:30 PM.');
    spec
      .given([reserved(hold('a', '19:00', 5, 150, ['6']))])
      .when(move(['1']))
      .thenThrows(TableRule, '1 seats 2, and this party is 5.');
    spec
      .given(given)
      .when(move(['2'], true))
      .then([{ type: 'TablesAssigned', data: { date, bookingId: 'a', from: ['1'], tables: ['2'], by: 'staff', forced: true } }]);
    expect(new TableRule('x').code).toBe('table-rule');
    expect(new TableRule('x')).toBeInstanceOf(Conflict);
  });

  it('given a table not on the floor or a booking not on the day, then refused even when forced', () => {
    spec
      .given(given)
      .when(move(['9'], true))
      .thenThrows(TableRule, 'There is no table “9” on the floor.');
    spec
      .given(given)
      .when(move(['1'], true, 'nobody'))
      .thenThrows(NotFound, 'This booking has no seats on that day.');
  });

  it('given tables assigned, then the day holds them (evolve)', () => {
    const state = fold(seatingDecider, [
      ...given,
      { type: 'TablesAssigned', data: { date, bookingId: 'a', from: ['1'], tables: ['W'], by: 'staff' } },
      { type: 'TablesUnplaced', data: { date, bookingId: 'b' } },
      { type: 'StayChanged', data: { date, bookingId: 'b', from: 90, holdingMinutes: 120 } },
    ]);
    expect(state.status === 'open' && state.holds).toEqual([hold('a', '19:00', 2, 90, ['W']), hold('b', '19:30', 2, 120, [])]);
  });
});

describe('ChangeStay (staff)', () => {
  const change = (minutes: number, force = false): SeatingCommand => ({ type: 'ChangeStay', date, bookingId: 'a', minutes, force });
  const given = [reserved(hold('a', '19:00', 2, 90, ['1'])), reserved(hold('b', '21:00', 2, 90, ['1']))];

  it('given a stay, when shortened or lengthened into free time, then StayChanged; the same length, nothing', () => {
    spec
      .given(given)
      .when(change(60))
      .then([{ type: 'StayChanged', data: { date, bookingId: 'a', from: 90, holdingMinutes: 60 } }]);
    spec
      .given(given)
      .when(change(120))
      .then([{ type: 'StayChanged', data: { date, bookingId: 'a', from: 90, holdingMinutes: 120 } }]);
    spec.given(given).when(change(90)).thenNothing();
  });

  it('given the next stay at its table at 9 PM, when lengthened past it, then a table rule unless forced', () => {
    spec.given(given).when(change(150)).thenThrows(TableRule, 'Table 1 is taken at 9:00 PM.');
    spec
      .given(given)
      .when(change(150, true))
      .then([{ type: 'StayChanged', data: { date, bookingId: 'a', from: 90, holdingMinutes: 150 } }]);
  });
});

describe('PlaceTables (a floor was set)', () => {
  const place: SeatingCommand = { type: 'PlaceTables', date, floor };
  const event: SeatHold = { bookingId: 'night', kind: 'event', time: '18:00', partySize: 10, holdingMinutes: 180 };

  it('given holds from before the floor, then each gets the best fit in time order (online first), or is listed unplaced; events are left alone', () => {
    spec
      .given([
        reserved(hold('late', '19:30', 2, 120)),
        reserved(hold('early', '19:00', 2, 120)),
        reserved(hold('six', '19:00', 6, 120)),
        reserved(hold('seven', '19:00', 7, 120)),
        reserved(event),
      ])
      .when(place)
      .then([
        { type: 'TablesAssigned', data: { date, bookingId: 'early', from: [], tables: ['1'], by: 'floor' } },
        { type: 'TablesUnplaced', data: { date, bookingId: 'seven' } },
        { type: 'TablesAssigned', data: { date, bookingId: 'six', from: [], tables: ['6'], by: 'floor' } },
        { type: 'TablesAssigned', data: { date, bookingId: 'late', from: [], tables: ['2'], by: 'floor' } },
      ]);
  });

  it('given holds at tables the floor knows, then they keep them; at tables it no longer has, placed again', () => {
    spec
      .given([reserved(hold('a', '19:00', 2, 90, ['2'])), reserved(hold('b', '19:00', 2, 90, ['gone']))])
      .when(place)
      .then([{ type: 'TablesAssigned', data: { date, bookingId: 'b', from: ['gone'], tables: ['1'], by: 'floor' } }]);
  });

  it('given a new floor on which a table seats fewer, or two holds at one table, then the hold it no longer seats (or the later one) is placed anew', () => {
    spec
      .given([
        reserved(hold('five', '19:00', 5, 150, ['1'])),
        reserved(hold('a', '19:00', 2, 90, ['2'])),
        reserved(hold('b', '19:30', 2, 90, ['2'])),
      ])
      .when(place)
      .then([
        { type: 'TablesAssigned', data: { date, bookingId: 'five', from: ['1'], tables: ['6'], by: 'floor' } },
        { type: 'TablesAssigned', data: { date, bookingId: 'b', from: ['2'], tables: ['1'], by: 'floor' } },
      ]);
  });

  it('given a placement already run, when run again, then it decides nothing (idempotent)', () => {
    const given: SeatingEvent[] = [
      reserved(hold('a', '19:00', 2, 90)),
      reserved(hold('b', '19:00', 9, 90)),
      { type: 'TablesAssigned', data: { date, bookingId: 'a', from: [], tables: ['1'], by: 'floor' } },
      { type: 'TablesUnplaced', data: { date, bookingId: 'b' } },
    ];
    spec.given(given).when(place).thenNothing();
  });
});

describe('ReconcileSeats keeps tables', () => {
  it('given a hold at a table whose size changed, when reconciled, then its seats are reserved again at the same table', () => {
    spec
      .given([reserved(hold('a', '19:00', 2, 90, ['6']))])
      .when({ type: 'ReconcileSeats', date, wanted: [hold('a', '19:00', 4, 90)], capacity: 60 })
      .then([reserved(hold('a', '19:00', 4, 90, ['6']))]);
  });
});

describe("an event's tables on a floor", () => {
  const night = (tables: string[], partySize = 6): SeatHold => ({
    bookingId: 'night',
    kind: 'event',
    time: '18:00',
    partySize,
    holdingMinutes: 180,
    tables,
  });
  const reserveEvent = (h: SeatHold, override = false): SeatingCommand => ({
    type: 'ReserveSeats',
    date,
    hold: h,
    capacity: 60,
    override,
    floor,
  });

  it('given a booking at a table, when an event takes that table over its time, then a table rule unless overridden', () => {
    spec
      .given([reserved(hold('a', '19:00', 2, 90, ['1']))])
      .when(reserveEvent(night(['1', '2'])))
      .thenThrows(TableRule, 'Table 1 is taken at 7:00 PM.');
    spec
      .given([reserved(hold('a', '19:00', 2, 90, ['1']))])
      .when(reserveEvent(night(['1', '2']), true))
      .then([reserved(night(['1', '2']))]);
  });

  it("given an event at the 6-top, then the event's seats are not counted against the capacity, resizing keeps its tables, and a booking never gets its table", () => {
    spec
      .given([reserved(hold('x', '18:00', 58, 180))])
      .when(reserveEvent(night(['6'])))
      .then([reserved(night(['6']))]);
    spec
      .given([reserved(night(['6']))])
      .when(reserveEvent(night(['6'], 8)))
      .then([reserved(night(['6'], 8))]);
    spec
      .given([reserved(night(['6']))])
      .when(reserveEvent(night(['6'])))
      .thenNothing();
    spec
      .given([reserved(night(['6']))])
      .when(reserve(hold('p', '19:00', 5, 150)))
      .thenThrows(FullyBooked, noTableFitsMessage(5, '19:00'));
  });
});
