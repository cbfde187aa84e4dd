import { GAME_LIMITS, IMPORT_COLUMNS_MESSAGE, IMPORT_NOT_CSV, IMPORT_TOO_MANY_ROWS, gameFactsSchema } from '@cafe/contracts';
import { InvalidCommand } from '../platform/commands/domain-errors.js';
import { CsvError, parseCsv } from './csv.js';
import type { ImportRow } from './import-plan.js';

/**
 * A BoardGameGeek collection export ("Download your collection" → CSV): a header row naming its columns
 * (objectname, objectid, own, minplayers, maxplayers, playingtime, minplaytime, maxplaytime, avgweight,
 * yearpublished, bggbestplayers, bggrecagerange, quantity, …) and a row per item. Read by column name, so
 * the export's other and future columns do not matter.
 */
const REQUIRED = ['objectname', 'objectid', 'own'] as const;

export function readBggCollection(text: string): ImportRow[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new InvalidCommand(`${IMPORT_NOT_CSV}: ${error.message}`);
    throw error;
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  if (!REQUIRED.every((c) => header.includes(c))) throw new InvalidCommand(IMPORT_COLUMNS_MESSAGE);
  const body = records.slice(1).filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
  if (body.length > GAME_LIMITS.importRows) throw new InvalidCommand(IMPORT_TOO_MANY_ROWS);
  const column = new Map(header.map((name, index) => [name, index] as const));
  return body.map((record, index) => readRow(index + 2, (name) => (record[column.get(name) ?? -1] ?? '').trim()));
}

const int = (text: string): number | null => (/^-?\d+$/.test(text) ? Number(text) : null);
const positive = (text: string): number | null => {
  const n = int(text);
  return n !== null && n > 0 ? n : null;
};

function readRow(line: number, get: (column: string) => string): ImportRow {
  const title = get('objectname');
  const bggId = positive(get('objectid'));
  const own = get('own') === '1';
  const quantity = Math.min(Math.max(positive(get('quantity')) ?? 1, 1), GAME_LIMITS.copies);
  const minPlayers = positive(get('minplayers'));
  const maxPlayers = positive(get('maxplayers')) ?? minPlayers;
  const playing = positive(get('playingtime'));
  const minPlayTime = positive(get('minplaytime')) ?? playing;
  const maxPlayTime = positive(get('maxplaytime')) ?? playing ?? minPlayTime;
  const weight = Number(get('avgweight'));
  const age = /^(\d+)\+?$/.exec(get('bggrecagerange'));
  const parsed = gameFactsSchema.safeParse({
    title,
    minPlayers,
    maxPlayers,
    // '3,4' or '4': counts outside the game's range are dropped rather than refusing the row.
    bestAt: (get('bggbestplayers').match(/\d+/g) ?? [])
      .map(Number)
      .filter((n) => minPlayers !== null && maxPlayers !== null && n >= minPlayers && n <= maxPlayers),
    minPlayTime,
    maxPlayTime: maxPlayTime !== null && minPlayTime !== null && maxPlayTime < minPlayTime ? minPlayTime : maxPlayTime,
    // 0 is BoardGameGeek's "no votes yet".
    complexity: Number.isFinite(weight) && weight >= 1 && weight <= 5 ? weight : null,
    minAge: age ? Math.min(Number(age[1]), GAME_LIMITS.age) : null,
    year: positive(get('yearpublished')),
    bggId,
  });
  if (parsed.success) return { line, own, bggId, title, facts: parsed.data, quantity };
  const issue = parsed.error.issues[0]!;
  return { line, own, bggId, title, facts: null, invalid: `${issue.path.join('.') || 'row'}: ${issue.message}`, quantity };
}
