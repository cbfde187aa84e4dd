import { Readable } from 'node:stream';
import type { EventStoreDBClient } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/**
 * Issue 51 (Low): a read that timed out was left running. The client's read is a stream piped from its
 * gRPC call; destroying the stream does not end the call, only its `cancel()` does (as the client's
 * ReadStream has it). A stand-in for the client whose reads never answer counts the calls still open.
 */
class HungServer {
  open = 0;
  cancelled = 0;

  client(): EventStoreDBClient {
    const read = () => {
      this.open++;
      let ended = false;
      const stream = new Readable({ objectMode: true, read() {} }) as Readable & { cancel: () => Promise<void> };
      stream.cancel = async () => {
        if (ended) return;
        ended = true;
        this.open--;
        this.cancelled++;
      };
      return stream;
    };
    return { readAll: read, readStream: read, dispose: async () => undefined } as unknown as EventStoreDBClient;
  }
}

describe('the EventStoreDB adapter, given a server that stops answering reads', () => {
  it('when a read of $all or of a stream times out, then its call is cancelled, not left running on the server', async () => {
    const server = new HungServer();
    const store = new EventStoreDbEventStore(server.client(), { readDeadlineMs: 100 });
    await expect(store.readAll({ maxCount: 10 })).rejects.toThrow(/did not answer within 100 ms/);
    await expect(store.readStream('booking-1')).rejects.toThrow(/did not answer within 100 ms/);
    await expect(store.headPosition()).rejects.toThrow(/did not answer/);
    await expect.poll(() => server.cancelled).toBe(3);
    expect(server.open).toBe(0);
    await store.close();
  });
});
