import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Starts a bench file as its own Node process (with tsx's loader, like this one), pinned to one CPU
 * with util-linux's `taskset -c <cpu>` when `cpu` is a number. Every thread the process starts later
 * (libuv's pool, V8's helpers, workers) inherits the pinning. Talks over Node's IPC channel:
 * `next(type)` waits for the child's next message of that type and rejects if the child exits first.
 */
export function startPinned<M extends { type: string }>(
  file: string,
  cpu: number | null,
  env: Record<string, string> = {},
  nodeFlags: readonly string[] = [],
) {
  const node = [process.execPath, ...process.execArgv, ...nodeFlags, file];
  const [command, ...args] = cpu === null ? node : ['taskset', '-c', String(cpu), ...node];
  const child: ChildProcess = spawn(command!, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends M['type']>(type: T) =>
    new Promise<Extract<M, { type: T }>>((resolve, reject) => {
      const onMessage = (m: M) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as Extract<M, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`bench child ${file} exited early (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = <T extends M['type']>(message: { type: string; [k: string]: unknown }, answer: T) => {
    const reply = next(answer);
    child.send(message);
    return reply;
  };
  return { child, next, ask };
}

/** The CPUs a process may run on, as the kernel reports them ("0", "0-1"): proof of the pinning. */
export function cpusAllowed(pid: number): string {
  try {
    return /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time a process has used so far, all its threads, in seconds (user + system, from /proc). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/**
 * Waits until a process has gone quiet (under 4 % of a CPU over half a second), at most `maxSeconds`:
 * work a server defers past its answers (the gateway's mails) must not run into the next measure.
 */
export async function untilIdle(pid: number, maxSeconds = 180): Promise<void> {
  const deadline = performance.now() + maxSeconds * 1000;
  for (;;) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (!(cpuSeconds(pid) - before >= 0.02) || performance.now() > deadline) return;
  }
}

/** Waits for a child to exit (after it was told to stop), killing it if it takes longer than `ms`. */
export function exited(child: ChildProcess, ms = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
