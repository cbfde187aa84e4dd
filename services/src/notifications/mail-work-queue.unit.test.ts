import { describe, expect, it } from 'vitest';
import { MailWorkQueue } from './mail-work-queue.js';

/** A task that records when it starts and ends and finishes when told. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('MailWorkQueue', () => {
  it('runs the mails of different bookings at once, up to its limit', async () => {
    // given a queue of two slots
    const log: string[] = [];
    const queue = new MailWorkQueue(2);
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(log, name));
    // when three bookings' mails are queued
    void queue.push('booking-a', a!.task);
    void queue.push('booking-b', b!.task);
    void queue.push('booking-c', c!.task);
    await turn();
    // then two run and the third waits for a slot
    expect(log).toEqual(['start a', 'start b']);
    b!.open();
    await turn();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    a!.open();
    c!.open();
    await queue.drained();
    expect(queue.size).toBe(0);
  });

  it("keeps one booking's mails in the order of its events", async () => {
    // given a booking's confirmation still being sent
    const log: string[] = [];
    const queue = new MailWorkQueue(8);
    const confirmed = gate(log, 'confirmed');
    const cancelled = gate(log, 'cancelled');
    void queue.push('reservation-1', confirmed.task);
    // when its cancellation is queued
    void queue.push('reservation-1', cancelled.task);
    cancelled.open();
    await turn();
    // then the cancellation waits for the confirmation
    expect(log).toEqual(['start confirmed']);
    confirmed.open();
    await queue.drained();
    expect(log).toEqual(['start confirmed', 'end confirmed', 'start cancelled', 'end cancelled']);
  });

  it('goes on after a failed mail, and hands the failure to the caller', async () => {
    // given a mail that fails
    const queue = new MailWorkQueue(1);
    const failed = queue.push('reservation-1', () => Promise.reject(new Error('refused')));
    // when the same booking's next mail is queued behind it
    let next = false;
    void queue.push('reservation-1', async () => {
      next = true;
    });
    // then the caller sees the failure, and the next mail still runs
    await expect(failed).rejects.toThrow('refused');
    await queue.drained();
    expect(next).toBe(true);
  });

  it('while the gateway answers a rush of changes, starts one mail per trickle period; once quiet, the rest at once', async () => {
    // given a busy gateway and a 40 ms trickle
    let busy = true;
    const started: number[] = [];
    const queue = new MailWorkQueue(8, { busy: () => busy, trickleMs: 40 });
    // when five bookings' mails are queued
    const begin = Date.now();
    for (let i = 0; i < 5; i++) void queue.push(`booking-${i}`, async () => void started.push(Date.now() - begin));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // then only the trickle has started (one at once, then one per 40 ms)
    expect(started.length).toBeGreaterThanOrEqual(2);
    expect(started.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < started.length; i++) expect(started[i]! - started[i - 1]!).toBeGreaterThanOrEqual(35);
    // and once the rush is over, the rest go without waiting for the trickle
    busy = false;
    const quietAt = Date.now() - begin;
    await queue.drained();
    expect(started).toHaveLength(5);
    expect(started.at(-1)! - quietAt).toBeLessThan(40);
  });
});

describe('MailWorkQueue with a rush waiting', () => {
  it("keeps each booking's order through thousands of waiting mails, and drains", async () => {
    // given a busy gateway: mails wait (their array is cut as it is read)
    let busy = true;
    const queue = new MailWorkQueue(4, { busy: () => busy, trickleMs: 1_000 });
    const ran = new Map<string, number[]>();
    // when 3,000 mails of 7 bookings are queued, some slower than others
    for (let i = 0; i < 3_000; i++) {
      const booking = `booking-${i % 7}`;
      void queue.push(booking, async () => {
        for (let t = 0; t < (i * 5) % 3; t++) await turn();
        ran.set(booking, [...(ran.get(booking) ?? []), i]);
      });
    }
    await turn();
    expect(queue.size).toBeGreaterThanOrEqual(2_999); // the trickle started one
    // then once quiet, every mail runs, each booking's in the order queued
    busy = false;
    await queue.drained();
    expect(queue.size).toBe(0);
    expect(ran.size).toBe(7);
    for (const [booking, order] of ran) {
      const n = Number(booking.slice('booking-'.length));
      expect(order).toEqual(Array.from({ length: order.length }, (_, k) => n + k * 7));
      expect(order.length).toBeGreaterThanOrEqual(428);
    }
  });
});
