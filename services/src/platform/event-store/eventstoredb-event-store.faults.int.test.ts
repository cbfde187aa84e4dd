import { afterEach, describe, expect, it } from 'vitest';
import { FakeEventStoreDbServer } from './eventstoredb-fake-server.js';
import { event, streamId, waitUntil } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { redactCredentials } from './eventstoredb-mapping.js';

/**
 * Issue 26 #9 and #10 on a stand-in client with faults injected: what the real server does when it
 * stops answering, and what each call costs it.
 */
const CREDENTIALS = 'esdb+discover://admin:s3cret-password@cluster.example:2113?tls=true';

describe('the EventStoreDB adapter, given a server that stops answering', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('when a read of $all hangs, then it rejects at its deadline', async () => {
    const server = new FakeEventStoreDbServer();
    const store = new EventStoreDbEventStore(server.client(), { readDeadlineMs: 200 });
    server.faults.hangReads = true;
    const started = Date.now();
    await expect(store.readAll({ maxCount: 10 })).rejects.toThrow(/did not answer within 200 ms/);
    await expect(store.headPosition()).rejects.toThrow(/did not answer/);
    expect(Date.now() - started).toBeLessThan(2_000);
    await store.close();
  });

  it('when a subscription never catches up nor delivers, then it fails at its deadline (and the subscriber resubscribes)', async () => {
    const server = new FakeEventStoreDbServer();
    const store = new EventStoreDbEventStore(server.client(), { readDeadlineMs: 200 });
    await store.appendToStream(streamId('tally'), [event('Counted', {})]);
    server.faults.silentSubscriptions = true;
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(() => undefined, { onError: (e) => errors.push(e) });
    await waitUntil(() => errors.length > 0, 3_000);
    expect(String(errors[0])).toMatch(/did not catch up within 200 ms/);
    await subscription.close();
    await store.close();
  });

  it('when the handler is slow with events already received, then the catch-up deadline does not count it', async () => {
    const server = new FakeEventStoreDbServer();
    const store = new EventStoreDbEventStore(server.client(), { readDeadlineMs: 100 });
    await store.appendToStream(
      streamId('tally'),
      Array.from({ length: 6 }, () => event('Counted', {})),
    );
    const errors: unknown[] = [];
    let caughtUp = false;
    const subscription = store.subscribeToAll(() => new Promise((r) => setTimeout(r, 60)), {
      onError: (e) => errors.push(e),
      onCaughtUp: () => (caughtUp = true),
    });
    await waitUntil(() => caughtUp || errors.length > 0, 3_000);
    expect(errors).toEqual([]);
    await subscription.close();
    await store.close();
  });

  it('when unsubscribe() rejects with the connection string, then nothing crashes and no password is passed on', async () => {
    process.on('unhandledRejection', onUnhandled);
    const server = new FakeEventStoreDbServer();
    const store = new EventStoreDbEventStore(server.client());
    server.faults.unsubscribeError = new Error(`Failed to discover after 10 attempts: ${CREDENTIALS}`);
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(() => undefined, { onError: (e) => errors.push(e) });
    await store.appendToStream(streamId('tally'), [event('Counted', {})]);
    await new Promise((r) => setTimeout(r, 50));
    server.dropSubscriptions();
    await waitUntil(() => errors.length > 0);
    await subscription.close();
    const second = store.subscribeToAll(() => undefined, { onError: () => undefined });
    await expect(second.close()).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
    expect(errors.map(String).join(' ')).not.toContain('s3cret-password');
    await store.close();
  });

  it('when an error quotes the connection string, then what is passed on has no user nor password', () => {
    const error = redactCredentials(new Error(`Failed to discover after 10 attempts: ${CREDENTIALS}`)) as Error;
    expect(error.message).toBe('Failed to discover after 10 attempts: esdb+discover://***@cluster.example:2113?tls=true');
    expect(error.stack).not.toContain('s3cret');
  });
});

describe('the EventStoreDB adapter, given what /readyz asks on every call', () => {
  it('when the head is asked for, then it reads the last event only, not a page of 500', async () => {
    const server = new FakeEventStoreDbServer();
    const store = new EventStoreDbEventStore(server.client());
    for (let i = 0; i < 3; i++)
      await store.appendToStream(
        streamId('tally'),
        Array.from({ length: 300 }, () => event('Counted', {})),
      );
    const before = server.eventsSentByReadAll;
    const head = await store.headPosition();
    expect(head).toBe(server.log.filter((e) => !e.type.startsWith('$')).at(-1)!.position.commit);
    // The last user event, and at most a few of the server's own written after it.
    expect(server.eventsSentByReadAll - before).toBeLessThanOrEqual(3);
    await store.close();
  });

  it('when lag is counted, then it is in events (up to a limit), not in bytes of the log', async () => {
    const server = new FakeEventStoreDbServer();
    const store = new EventStoreDbEventStore(server.client());
    await store.appendToStream(streamId('tally'), [event('Counted', {})]);
    const checkpoint = await store.headPosition();
    await store.appendToStream(
      streamId('tally'),
      Array.from({ length: 40 }, () => event('Counted', {})),
    );
    const head = await store.headPosition();
    expect(Number(head - checkpoint)).toBeGreaterThan(1000); // bytes: what READYZ_MAX_LAG was compared with
    expect(await store.countEvents!(checkpoint, 1000)).toBe(40);
    expect(await store.countEvents!(checkpoint, 10)).toBe(10);
    expect(await store.countEvents!(head, 10)).toBe(0);
    await store.close();
  });
});

describe('the EventStoreDB adapter, given a decision over several streams (issue 51 M1)', () => {
  it('when the second stream conflicts, then the first stays stored and the conflict names the second: appends are not atomic', async () => {
    const server = new FakeEventStoreDbServer();
    const store = new EventStoreDbEventStore(server.client());
    expect(store.atomicAppends).toBe(false);
    const [first, second] = [streamId('first'), streamId('second')];
    server.faults.beforeAppend = async (name) => {
      server.faults.beforeAppend = undefined;
      if (name === first) await store.appendToStream(second, [event('Counted', { by: 'another writer' })]);
    };
    const appending = store.appendToStreams([
      { streamId: first, expectedRevision: 'no_stream', events: [event('Counted', {})] },
      { streamId: second, expectedRevision: 'no_stream', events: [event('Counted', {})] },
    ]);
    await expect(appending).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamId: second });
    expect(await store.readStream(first)).toHaveLength(1);
    expect((await store.readStream(second)).map((e) => e.data)).toEqual([{ by: 'another writer' }]);
    await store.close();
  });
});

describe('the EventStoreDB adapter, given a connection string with a password', () => {
  it('when the connection string cannot be used, then the error does not quote the password', () => {
    let thrown: unknown;
    try {
      EventStoreDbEventStore.connect('esdb+discover://admin:s3cret-password@cluster.example:2113?tls=maybe&keepAliveInterval=x');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(`${(thrown as Error).message}\n${(thrown as Error).stack}`).not.toContain('s3cret-password');
  });
});
