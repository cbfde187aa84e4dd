import type { Floor, FloorCombination, FloorTable, StayRules } from '@cafe/contracts';

/**
 * What changed between two floors, as History's lines ("Added table 7 (2–4 seats, online)"): areas,
 * tables and combinations added, removed, resized, made walk-in only or bookable online, moved to
 * another area or on the plan; stays and the online oversize. Names are the ids: a renamed table reads
 * as one removed and one added.
 */
export function floorChanges(before: Floor | null, after: Floor): string[] {
  const lines: string[] = [];
  const was = before ?? { areas: [], combinations: [], stays: after.stays, maxOversizeOnline: after.maxOversizeOnline };
  const wasTables = tablesOf(was);
  const nowTables = tablesOf(after);
  if (wasTables.size > 0 && nowTables.size === 0) return ['Floor cleared: the café seats by capacity again'];

  const wasAreas = new Set(was.areas.map((a) => a.name));
  const nowAreas = new Set(after.areas.map((a) => a.name));
  for (const area of nowAreas) if (!wasAreas.has(area)) lines.push(`Added area ${area}`);
  for (const area of wasAreas) if (!nowAreas.has(area)) lines.push(`Removed area ${area}`);

  let rearranged = 0;
  for (const [name, now] of nowTables) {
    const old = wasTables.get(name);
    if (!old) {
      lines.push(`Added table ${name} (${seats(now.table)}, ${bookable(now.table)})${nowAreas.size > 1 ? ` in ${now.area}` : ''}`);
      continue;
    }
    if (old.table.minSeats !== now.table.minSeats || old.table.maxSeats !== now.table.maxSeats) {
      lines.push(`Table ${name}: ${seats(old.table)} → ${seats(now.table)}`);
    }
    if (old.table.online !== now.table.online) lines.push(`Table ${name}: ${now.table.online ? 'bookable online' : 'walk-in only'}`);
    if (old.area !== now.area) lines.push(`Table ${name} moved to ${now.area}`);
    if (old.table.x !== now.table.x || old.table.y !== now.table.y || old.table.shape !== now.table.shape) rearranged++;
  }
  for (const name of wasTables.keys()) if (!nowTables.has(name)) lines.push(`Removed table ${name}`);
  if (rearranged > 0) lines.push(`Plan rearranged (${rearranged} ${rearranged === 1 ? 'table' : 'tables'})`);

  const wasCombos = new Map(was.combinations.map((c) => [comboKey(c), c]));
  const nowCombos = new Map(after.combinations.map((c) => [comboKey(c), c]));
  for (const [key, c] of nowCombos) {
    const old = wasCombos.get(key);
    if (!old) lines.push(`Added combination ${c.tables.join(' + ')} (${seats(c)})`);
    else if (old.minSeats !== c.minSeats || old.maxSeats !== c.maxSeats)
      lines.push(`Combination ${c.tables.join(' + ')}: ${seats(old)} → ${seats(c)}`);
  }
  for (const [key, c] of wasCombos) if (!nowCombos.has(key)) lines.push(`Removed combination ${c.tables.join(' + ')}`);

  if (before && stayText(before.stays) !== stayText(after.stays)) lines.push(`Stays: ${stayText(before.stays)} → ${stayText(after.stays)}`);
  if (before && before.stays.gameMaxMinutes !== after.stays.gameMaxMinutes) {
    lines.push(`A game lengthens a stay up to: ${before.stays.gameMaxMinutes} → ${after.stays.gameMaxMinutes} minutes`);
  }
  if (before && before.maxOversizeOnline !== after.maxOversizeOnline) {
    lines.push(`Online, a table at most this many seats too big: ${before.maxOversizeOnline} → ${after.maxOversizeOnline}`);
  }
  return lines;
}

function tablesOf(floor: Pick<Floor, 'areas'>): Map<string, { area: string; table: FloorTable }> {
  return new Map(floor.areas.flatMap((area) => area.tables.map((table) => [table.name, { area: area.name, table }] as const)));
}

const seats = (t: { minSeats: number; maxSeats: number }) =>
  t.minSeats === t.maxSeats ? `${t.maxSeats} ${t.maxSeats === 1 ? 'seat' : 'seats'}` : `${t.minSeats}–${t.maxSeats} seats`;
const bookable = (t: FloorTable) => (t.online ? 'online' : 'walk-in only');
const comboKey = (c: FloorCombination) =>
  c.tables
    .map((t) => t.toLowerCase())
    .sort()
    .join('\u0000');

/** "1–2 guests 90 min, 3–4 guests 120 min, 5+ guests 150 min". */
function stayText(stays: StayRules): string {
  return stays.bands
    .map((band, i) => {
      const last = (stays.bands[i + 1]?.fromGuests ?? 0) - 1;
      const guests = last < 0 ? `${band.fromGuests}+` : last === band.fromGuests ? `${band.fromGuests}` : `${band.fromGuests}–${last}`;
      return `${guests} ${guests === '1' ? 'guest' : 'guests'} ${band.minutes} min`;
    })
    .join(', ');
}
