import { describe } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { dockerSuite, useContainer } from '../../../test/docker.js';
import { eventStoreContract } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

const suite = await dockerSuite('EventStoreDB contract suite');

describe.skipIf(!suite.docker)(suite.title, () => {
  const container = useContainer(
    async () => {
      const { GenericContainer, Wait } = await import('testcontainers');
      return new GenericContainer('eventstore/eventstore:24.10')
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          EVENTSTORE_MEM_DB: 'true',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
        .withStartupTimeout(120_000)
        .start();
    },
    // Live over HTTP is not yet leader over gRPC: wait until $all can be read.
    async (started) => {
      const probe = EventStoreDbEventStore.connect(connectionStringOf(started));
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await probe.headPosition();
            break;
          } catch (error) {
            if (attempt >= 60) throw error;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      } finally {
        await probe.close();
      }
    },
  );

  eventStoreContract('EventStoreDB', () => EventStoreDbEventStore.connect(connectionStringOf(container())));
});

function connectionStringOf(container: StartedTestContainer): string {
  return `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
}
