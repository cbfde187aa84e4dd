import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { CommandContext } from './command-runner.js';

/** What an `npm run ops` command reads and writes: the environment and two output lines (tests capture them). */
export interface OpsIo {
  env?: NodeJS.ProcessEnv;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

export function opsOutput(io: OpsIo): { print: (line: string) => void; printError: (line: string) => void } {
  return { print: io.print ?? ((line) => console.log(line)), printError: io.printError ?? ((line) => console.error(line)) };
}

/** A command acted by the operator: the audit trail says "ops (<os user>)" and which ops command. */
export function opsContext(causationId: string): CommandContext {
  return { actor: { kind: 'system', name: `ops (${osUser()})` }, correlationId: randomUUID(), causationId };
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
