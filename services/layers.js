// The house of services/src, declared once. Each top-level folder is a room; rooms stand on floors:
//
//   composition   features.ts, bin/             wire every room together; nothing imports them
//   slices        every other folder            may import the capabilities, the platform, and the slices listed here
//   capabilities  cafe-day, booking-rules, …    may import the platform and the capabilities listed below them
//   platform      platform/                     the ground floor: imports no room
//
// eslint.config.js turns this into import zones (services/src/<room> imported only through its index.ts,
// only along the edges below), `npm run house` prints the real edges against it, and
// services/test/folder-graph.unit.test.ts checks it once more. A new folder is an error until it is declared
// here. Plain JavaScript with JSDoc so ESLint's config, the house script and the tests read the same file.
import { readdirSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

/** services/src, absolute. */
export const srcDir = join(import.meta.dirname, 'src');

/** The ground floor. */
export const platform = 'platform';

/**
 * Leaf capabilities, bottom-up: each with the capabilities it may import (only ones declared before it).
 * cafe-day: the café's day model (business-info policy, closed dates, seats); booking-rules: the pure
 * booking rules the deciders use; guest-links: signed guest and sign-up links; guest-messages: the
 * GuestMessenger port (a text by SMS when the guest gave a phone and SMS is set up, else a mail).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const capabilities = {
  'cafe-day': [],
  'booking-rules': ['cafe-day'],
  'guest-links': [],
  'guest-messages': [],
};

/**
 * Every slice with the OTHER slices it may import (through their index.ts). Capabilities and the platform
 * need no listing. An edge missing here is an import ESLint refuses; keep the list short: a slice that
 * needs another's internals wants a capability below both instead.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const slices = {
  'admin-access': [],
  arrivals: ['reservations', 'party-bookings'],
  'audit-trail': [],
  auth: ['admin-access', 'users'],
  'blocked-dates': [],
  'booking-calendar': [],
  'booking-flow': [],
  'business-info': [],
  'cafe-clock': [],
  'cafe-events': [],
  closures: ['blocked-dates'],
  floor: [],
  'day-sheet': [],
  'demo-seed': [],
  'dev-oidc': ['auth'],
  // The door queue seats a party as a walk-in (reservations' addWalkIn, the command arrivals' route runs) and
  // reads who arrived, is seated or gone (arrivals' arrivalsOnDay) for its estimates.
  'door-queue': ['arrivals', 'reservations'],
  gallery: [],
  'game-library': [],
  'guest-privacy': [],
  'hours-changes': ['business-info', 'closures'],
  'live-updates': ['admin-access'],
  'manage-booking': ['reservations', 'party-bookings'],
  menu: [],
  notifications: [],
  'open-tables': ['reservations'],
  'party-bookings': ['booking-flow'],
  reminders: [],
  // door-queue: the queue's read model for the waitlists' figures (the evening waitlist's is read by name).
  reports: ['booking-calendar'],
  'reservation-games': ['game-library'],
  reservations: ['booking-flow'],
  seating: [],
  'staff-search': ['cafe-events'],
  system: [],
  users: [],
  // The evening waitlist books a taken offer through the reservation path (reservations' requestReservation).
  waitlist: ['reservations'],
};

/** The composition root: a file and a folder of services/src that wire the rooms together. */
export const composition = ['features.ts', 'bin'];

/** @typedef {'platform' | 'capability' | 'slice' | 'composition' | 'undeclared'} Kind */

/**
 * The room a file belongs to: the first segment of its path under services/src ('features.ts' for that
 * file), or undefined outside services/src.
 * @param {string} path absolute, or relative to services/src
 * @returns {string | undefined}
 */
export function roomOf(path) {
  const inside = isAbsolute(path) ? relative(srcDir, path) : path;
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep).join('/').split('/')[0];
}

/**
 * @param {string} room
 * @returns {Kind}
 */
export function kindOf(room) {
  if (room === platform) return 'platform';
  if (Object.hasOwn(capabilities, room)) return 'capability';
  if (Object.hasOwn(slices, room)) return 'slice';
  if (composition.includes(room)) return 'composition';
  return 'undeclared';
}

/**
 * May room `from` import room `to`? (Whether through its index.ts is ESLint's business.)
 * @param {string} from
 * @param {string} to
 * @returns {boolean}
 */
export function allowed(from, to) {
  if (from === to) return true;
  const fromKind = kindOf(from);
  const toKind = kindOf(to);
  if (fromKind === 'undeclared' || toKind === 'undeclared') return false;
  if (toKind === 'composition') return fromKind === 'composition'; // bin/ starts what features.ts wires
  if (toKind === 'platform') return true;
  switch (fromKind) {
    case 'platform':
      return false;
    case 'capability':
      return toKind === 'capability' && (capabilities[from] ?? []).includes(to);
    case 'slice':
      return toKind === 'capability' || (slices[from] ?? []).includes(to);
    default:
      return true; // the composition root wires everything
  }
}

/**
 * What an import refused by the declaration should become instead, for error messages.
 * @param {string} from the importing room
 * @param {string} [to] the imported room, when known
 * @returns {string}
 */
export function advice(from, to) {
  const fromKind = kindOf(from);
  const edge = to === undefined ? 'the edge' : `${from} → ${to}`;
  if (fromKind === 'undeclared') return `services/src/${from} is an undeclared room: declare it in services/layers.js.`;
  if (to !== undefined && kindOf(to) === 'undeclared') return `services/src/${to} is an undeclared room: declare it in services/layers.js.`;
  if (fromKind === 'platform') return 'The platform imports no room: the composition root wires rooms into it.';
  if (fromKind === 'capability') {
    const lower = capabilities[from] ?? [];
    return `The capability ${from} imports only the platform${lower.length > 0 ? ` and ${lower.join(', ')}` : ''} and never a slice or the composition root: move what it needs down into it or into a capability below it (services/layers.js).`;
  }
  if (fromKind === 'composition') return 'The composition root imports the rooms, not the other way.';
  const edges = slices[from] ?? [];
  const may =
    edges.length > 0
      ? `only the slices ${edges.join(', ')}, the capabilities and the platform`
      : 'no other slice, only the capabilities and the platform';
  return `The slice ${from} imports ${may}, never the composition root: move what both need into a capability (or the platform), let the composition root (features.ts) pass one to the other, or, if ${edge} belongs in the design, declare it in services/layers.js.`;
}

/** Every room on disk: the folders of services/src and its top-level non-test source files. */
export function roomsOnDisk() {
  return readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)))
    .map((entry) => entry.name)
    .sort();
}

/** Every declared room, bottom-up. */
export function declaredRooms() {
  return [platform, ...Object.keys(capabilities), ...Object.keys(slices), ...composition];
}

/**
 * Mistakes in the declaration itself: a capability importing one not below it, an edge to an undeclared slice.
 * @returns {string[]}
 */
export function declarationProblems() {
  const problems = [];
  const order = Object.keys(capabilities);
  for (const [capability, below] of Object.entries(capabilities)) {
    for (const other of below) {
      if (order.indexOf(other) < 0 || order.indexOf(other) >= order.indexOf(capability)) {
        problems.push(`capability ${capability} lists ${other}, which is not a capability declared below it`);
      }
    }
  }
  for (const [slice, edges] of Object.entries(slices)) {
    for (const other of edges) {
      if (!Object.hasOwn(slices, other)) problems.push(`slice ${slice} lists ${other}, which is not a declared slice`);
    }
  }
  return problems;
}
