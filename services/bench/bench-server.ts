import { startPinned } from './pinned-child.js';

/**
 * Runs a bench file again as its server process (BENCH_ROLE=server, with tsx's loader, unpinned), so the
 * load generator and the server never share an event loop; `next(type)` waits for the server's next
 * message of that type, and rejects if the server exits first.
 */
export function startBenchServer<M extends { type: string }>(file: string) {
  const { child, next } = startPinned<M>(file, null, { BENCH_ROLE: 'server' });
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
