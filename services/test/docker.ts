/**
 * Whether a Docker (or Podman…) engine is reachable for Testcontainers. Suites against the real
 * servers skip with one clear line where none is. Never hangs: the probe is capped.
 */
const PROBE_TIMEOUT_MS = 3000;

let probe: Promise<boolean> | null = null;

export function dockerAvailable(): Promise<boolean> {
  probe ??= detect();
  return probe;
}

async function detect(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    timer.unref();
  });
  // Testcontainers tries every strategy it knows (DOCKER_HOST, docker contexts, sockets, rootless,
  // ~/.testcontainers.properties) and pings the engine; a `docker` CLI without an engine fails here.
  const check = import('testcontainers')
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The one line a skipped suite prints, e.g. `skipped: no Docker engine (EventStoreDB contract suite)`. */
export function reportSkipped(suite: string): string {
  const line = `skipped: no Docker engine (${suite})`;
  console.warn(line);
  return line;
}
