import { afterAll, beforeAll } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';

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

/**
 * For a suite against a real server: whether it runs, and its title, which says why where it does not.
 * Prints the one skip line once. Use as `describe.skipIf(!suite.docker)(suite.title, …)`.
 */
export async function dockerSuite(name: string): Promise<{ docker: boolean; title: string }> {
  const docker = await dockerAvailable();
  if (!docker) reportSkipped(name);
  return { docker, title: docker ? name : `${name}: skipped, no Docker engine` };
}

/**
 * A container started before the suite's tests and stopped after them (call inside the describe).
 * `ready` waits for what the start's wait strategy cannot see; the container is stopped even if it fails.
 */
export function useContainer(
  start: () => Promise<StartedTestContainer>,
  ready?: (container: StartedTestContainer) => Promise<void>,
): () => StartedTestContainer {
  let container: StartedTestContainer | undefined;
  beforeAll(async () => {
    container = await start();
    await ready?.(container);
  }, 180_000);
  afterAll(async () => {
    await container?.stop();
  });
  return () => {
    if (!container) throw new Error('The container has not started (call its getter inside a test)');
    return container;
  };
}

/** A MongoDB 7 server for the suite; the getter gives its connection string once it is up. */
export function useMongoContainer(): () => string {
  const container = useContainer(async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    return new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .withStartupTimeout(120_000)
      .start();
  });
  return () => `mongodb://${container().getHost()}:${container().getMappedPort(27017)}/?directConnection=true`;
}
