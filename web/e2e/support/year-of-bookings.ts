import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { ROOT_DIR } from './server';

/** The List View's busy year: 15,000 future reservations, 50 a day, made by the café's owner (list-scale). */
export const YEAR = { zone: 'America/Chicago', total: 15_000, perDay: 50, staff: 'owner@example.com' } as const;

/** Beside the data directory: the seeding process's output, written when it has ended well or not. */
const readyFile = (dataDir: string) => `${dataDir}.ready`;
const failedFile = (dataDir: string) => `${dataDir}.failed`;

/**
 * Starts making a data directory holding YEAR's reservations through the staff booking command, in a
 * process of its own (services/test/year-of-bookings.ts, which says how). `niceness` lowers its priority:
 * started by global setup, it then takes the CPU the services tests leave idle instead of their own.
 */
export function startYearOfBookings(niceness = 0): { dataDir: string; child: ChildProcess; ended: Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'cafe-e2e-year-'));
  const tsx = join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
  const fixture = join(ROOT_DIR, 'services', 'test', 'year-of-bookings.ts');
  const args = [fixture, dataDir, YEAR.zone, String(YEAR.total), String(YEAR.perDay), YEAR.staff];
  const [command, ...rest] = niceness > 0 ? ['nice', '-n', String(niceness), tsx, ...args] : [tsx, ...args];
  const child = spawn(command, rest, { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const ended = new Promise<void>((done) => {
    child.once('error', (error) => {
      mark(failedFile(dataDir), String(error));
      done();
    });
    // 'close', not 'exit': the output is read to its end before it is written beside the directory.
    child.once('close', (code, signal) => {
      mark(code === 0 ? readyFile(dataDir) : failedFile(dataDir), `${output.trim()}\nexit code: ${code ?? signal}`);
      done();
    });
  });
  return { dataDir, child, ended };
}

/** Written whole or not at all (a reader polls for it); never throws into the process that waits. */
function mark(file: string, text: string): void {
  try {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  } catch (error) {
    console.error(`could not write ${file}:`, error);
  }
}

/** Removes a data directory startYearOfBookings made, with the files beside it. */
export function removeYearOfBookings(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(readyFile(dataDir), { force: true });
  rmSync(failedFile(dataDir), { force: true });
}

/**
 * The year's data directory for the test file: the one global setup started before the services tests
 * (`yearOfBookings`), waited for, else one made now. It becomes the file's gateway's own.
 */
export async function yearOfBookings(): Promise<MadeYear> {
  const dataDir = inject('yearOfBookings');
  // A watch-mode rerun gets the same address while the first run's gateway has removed the directory.
  if (!dataDir || !existsSync(dataDir)) {
    const made = startYearOfBookings();
    await made.ended;
    return takeYear(made.dataDir);
  }
  const deadline = Date.now() + 280_000;
  while (!existsSync(readyFile(dataDir)) && !existsSync(failedFile(dataDir))) {
    if (!existsSync(dataDir)) throw new Error(`the year of bookings in ${dataDir} was removed before it was ready`);
    if (Date.now() > deadline) throw new Error(`the year of bookings in ${dataDir} was not ready in time`);
    await sleep(200);
  }
  return takeYear(dataDir);
}

/** A made year: its data directory and the day its bookings start (the first open day after the one it was made on). */
export interface MadeYear {
  dataDir: string;
  firstDay: string;
}

function takeYear(dataDir: string): MadeYear {
  if (existsSync(failedFile(dataDir))) {
    const output = readFileSync(failedFile(dataDir), 'utf8');
    removeYearOfBookings(dataDir);
    throw new Error(`year-of-bookings failed:\n${output}`);
  }
  const output = readFileSync(readyFile(dataDir), 'utf8').trim();
  console.log(output);
  rmSync(readyFile(dataDir), { force: true });
  const firstDay = /^first booking day: (\d{4}-\d{2}-\d{2})$/m.exec(output)?.[1];
  if (!firstDay) throw new Error(`year-of-bookings did not say its first booking day:\n${output}`);
  return { dataDir, firstDay };
}

/**
 * Whether this Vitest run includes the file (no file filter on the command line, or one naming it as
 * Vitest matches them: part of the path, any case, `./` or a `:line` suffix allowed). Global setup knows
 * its project but not the run's files; an option's value taken for a filter only starts work not needed.
 */
export function runIncludes(file: string, argv = process.argv.slice(2), cwd = process.cwd()): boolean {
  const filters: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('-')) {
      if (!arg.includes('=') && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) i++; // its value
    } else if (arg !== 'run') filters.push(arg.replace(/:\d+$/, ''));
  }
  const path = file.toLowerCase();
  return (
    filters.length === 0 ||
    filters.some((f) => path.includes(f.replace(/^\.\//, '').toLowerCase()) || path === resolve(cwd, f).toLowerCase())
  );
}
