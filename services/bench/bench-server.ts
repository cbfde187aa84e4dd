import { fork, type ChildProcess } from 'node:child_process';

/**
 * Runs a bench file again as its server process (BENCH_ROLE=server, with tsx's loader), so the load
 * generator and the server never share an event loop; `next(type)` waits for the server's next message
 * of that type, and rejects if the server exits first.
 */
export function startBenchServer<M extends { type: string }>(file: string) {
  const child: ChildProcess = fork(file, [], {
    env: { ...process.env, BENCH_ROLE: 'server' },
    execArgv: process.execArgv,
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
      const onExit = (code: number | null) => reject(new Error(`bench server exited early (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return { child, next };
}

/** The bench file's entry: the server role when started by startBenchServer, else the driver. */
export function runBench(roles: { serve: () => Promise<void>; drive: () => Promise<void> }): void {
  const role = process.env.BENCH_ROLE === 'server' ? roles.serve : roles.drive;
  role().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
