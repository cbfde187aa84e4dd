import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  const child =
    niceness > 0
      ? spawn('nice', ['-n', String(niceness), tsx, ...args], { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(tsx, args, { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const ended = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      writeFileSync(failedFile(dataDir), String(error));
      resolve();
    });
    child.once('exit', (code, signal) => {
      writeFileSync(code === 0 ? readyFile(dataDir) : failedFile(dataDir), `${output.trim()}\n(exit ${code ?? signal})`);
      resolve();
    });
  });
  return { dataDir, child, ended };
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
export async function yearOfBookings(): Promise<string> {
  const dataDir = inject('yearOfBookings');
  if (!dataDir) {
    const made = startYearOfBookings();
    await made.ended;
    return takeYear(made.dataDir);
  }
  const deadline = Date.now() + 280_000;
  while (!existsSync(readyFile(dataDir)) && !existsSync(failedFile(dataDir))) {
    if (Date.now() > deadline) throw new Error(`the year of bookings in ${dataDir} was not ready in time`);
    await sleep(200);
  }
  return takeYear(dataDir);
}

function takeYear(dataDir: string): string {
  if (existsSync(failedFile(dataDir))) {
    const output = readFileSync(failedFile(dataDir), 'utf8');
    removeYearOfBookings(dataDir);
    throw new Error(`year-of-bookings failed:\n${output}`);
  }
  console.log(readFileSync(readyFile(dataDir), 'utf8').trim());
  rmSync(readyFile(dataDir), { force: true });
  return dataDir;
}

/**
 * Whether this Vitest run includes the file (no file filter on the command line, or one the path contains).
 * Global setup knows its project but not the run's files: a filter it cannot tell from an option's value
 * only starts work that is not needed.
 */
export function runIncludes(file: string, argv = process.argv.slice(2)): boolean {
  const filters: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('-')) {
      if (!arg.includes('=') && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) i++; // its value
    } else if (arg !== 'run' && arg !== 'vitest' && !arg.endsWith('vitest.mjs') && !arg.endsWith('/vitest')) filters.push(arg);
  }
  return filters.length === 0 || filters.some((f) => file.includes(f));
}
