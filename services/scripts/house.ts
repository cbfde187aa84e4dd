// `npm run house`: the rooms of services/src as they really import each other, against the declaration in
// services/layers.js. Prints the rooms and their floors (the platform is floor 1; a room stands one floor
// above the highest room it imports), the longest import chain, the slice-to-slice edges with the files
// behind each, the slice → capability edges, loops between rooms, and every real edge the declaration does
// not allow. Exits 1 on an edge not allowed, an undeclared room or a loop. Non-test source files only;
// relative imports of every kind count (`import`, `import type`, `export … from`, `import()`).
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { importsOf, loopsOf } from '../../infra/eslint/imports.js';
import {
  advice,
  allowed,
  capabilities,
  declarationProblems,
  declaredRooms,
  kindOf,
  platform,
  roomOf,
  roomsOnDisk,
  slices,
  srcDir,
} from '../layers.js';

type Edge = { from: string; to: string; files: Set<string>; typeOnly: boolean; pastIndex: Set<string> };

const show = (file: string) => relative(srcDir, file).split(sep).join('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Room → room, with the files behind each edge ("a/x.ts → b/index.ts"). */
function roomEdges(): Map<string, Edge> {
  const edges = new Map<string, Edge>();
  for (const file of sourceFiles(srcDir)) {
    const from = roomOf(file)!;
    for (const { target, typeOnly } of importsOf(file)) {
      const to = target === undefined ? undefined : roomOf(target);
      if (to === undefined || to === from) continue;
      const key = `${from}\0${to}`;
      const edge = edges.get(key) ?? { from, to, files: new Set<string>(), typeOnly: true, pastIndex: new Set<string>() };
      edges.set(key, edge);
      edge.files.add(`${show(file)} → ${show(target!)}${typeOnly ? ' (type)' : ''}`);
      edge.typeOnly &&= typeOnly;
      if (to !== platform && show(target!) !== `${to}/index.ts` && kindOf(to) !== 'composition')
        edge.pastIndex.add(`${show(file)} → ${show(target!)}`);
    }
  }
  return edges;
}

const edges = roomEdges();
const rooms = roomsOnDisk().filter((room) => sourceFiles(srcDir).some((file) => roomOf(file) === room));
const importsOfRoom = (room: string) => [...edges.values()].filter((edge) => edge.from === room).map((edge) => edge.to);
const cycles = loopsOf(rooms, importsOfRoom);
const inCycle = new Set(cycles.flat());

// Floors: platform 1, a room one above the highest room it imports. A room in a loop has no floor.
const floor = new Map<string, number>();
const below = new Map<string, string | undefined>();
const floorOf = (room: string, visiting = new Set<string>()): number => {
  if (floor.has(room)) return floor.get(room)!;
  if (inCycle.has(room) || visiting.has(room)) return Number.NaN;
  visiting.add(room);
  let highest = 0;
  let under: string | undefined;
  for (const to of importsOfRoom(room)) {
    const f = floorOf(to, visiting);
    if (Number.isNaN(f)) return Number.NaN;
    if (f > highest) [highest, under] = [f, to];
  }
  floor.set(room, highest + 1);
  below.set(room, under);
  return highest + 1;
};
for (const room of rooms) floorOf(room);

const lines: string[] = [];
const say = (line = '') => lines.push(line);
const kindLabel = { platform: 'platform', capability: 'capability', slice: 'slice', composition: 'composition', undeclared: 'UNDECLARED' };

say(`Rooms of services/src (${rooms.length}), by floor:`);
const byFloor = [...rooms].sort((a, b) => (floor.get(a) ?? 99) - (floor.get(b) ?? 99) || a.localeCompare(b));
for (const room of byFloor) {
  const f = floor.get(room);
  say(`  ${f === undefined ? 'loop' : `floor ${f}`}  ${room.padEnd(20)} ${kindLabel[kindOf(room)]}`);
}
const missing = declaredRooms().filter((room) => !rooms.includes(room));
if (missing.length > 0) say(`  declared but not on disk: ${missing.join(', ')}`);

const top = byFloor.filter((room) => floor.has(room)).reduce((a, b) => (floor.get(b)! > floor.get(a)! ? b : a), platform);
const chain: string[] = [];
for (let at: string | undefined = top; at !== undefined; at = below.get(at)) chain.push(at);
say();
say(`Longest import chain (${chain.length} floors): ${chain.join(' → ')}`);

const sorted = [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
const sliceEdges = sorted.filter((edge) => kindOf(edge.from) === 'slice' && kindOf(edge.to) === 'slice');
say();
say(`Slice → slice edges (${sliceEdges.length}; declared ${Object.values(slices).flat().length}):`);
for (const edge of sliceEdges) {
  say(`  ${edge.from} → ${edge.to}${edge.typeOnly ? ' (types only)' : ''}${allowed(edge.from, edge.to) ? '' : '   NOT DECLARED'}`);
  for (const file of [...edge.files].sort()) say(`      ${file}`);
}
const unused = Object.entries(slices).flatMap(([from, tos]) =>
  tos.filter((to) => !edges.has(`${from}\0${to}`)).map((to) => `${from} → ${to}`),
);
if (unused.length > 0) say(`  declared but not used: ${unused.join(', ')}`);

say();
say('Slice → capability edges:');
for (const capability of Object.keys(capabilities)) {
  const users = sorted.filter((edge) => edge.to === capability && kindOf(edge.from) === 'slice').map((edge) => edge.from);
  say(`  ${capability} ← ${users.length > 0 ? users.join(', ') : '(none)'}`);
}
const capabilityEdges = sorted.filter((edge) => kindOf(edge.from) === 'capability' && kindOf(edge.to) !== 'platform');
if (capabilityEdges.length > 0) say(`  capability → capability: ${capabilityEdges.map((edge) => `${edge.from} → ${edge.to}`).join(', ')}`);

say();
say(`Loops between rooms (${cycles.length}):`);
for (const cycle of cycles) say(`  ${cycle.join(' ⇄ ')}`);

const refused = sorted.filter((edge) => !allowed(edge.from, edge.to));
const undeclaredRooms = rooms.filter((room) => kindOf(room) === 'undeclared');
say();
say(`Edges the declaration does not allow (${refused.length}):`);
for (const edge of refused) say(`  ${edge.from} → ${edge.to}   (${edge.files.size} import${edge.files.size === 1 ? '' : 's'})`);
const example = refused[0];
if (example) say(`  What to do, e.g. for the first: ${advice(example.from, example.to)}`);
for (const room of undeclaredRooms) say(`  ${room}: an undeclared room: declare it in services/layers.js.`);

const pastIndex = sorted.filter((edge) => edge.pastIndex.size > 0 && kindOf(edge.from) !== 'platform' && kindOf(edge.to) !== 'platform');
say();
say(`Imports past a room's index.ts (${pastIndex.reduce((n, edge) => n + edge.pastIndex.size, 0)}; ESLint refuses these):`);
for (const edge of pastIndex) for (const file of [...edge.pastIndex].sort()) say(`  ${file}`);

const problems = declarationProblems();
if (problems.length > 0) {
  say();
  say('The declaration itself:');
  for (const problem of problems) say(`  ${problem}`);
}

console.log(lines.join('\n'));
process.exitCode = refused.length > 0 || undeclaredRooms.length > 0 || cycles.length > 0 || problems.length > 0 ? 1 : 0;
