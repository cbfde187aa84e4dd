import { randomUUID } from 'node:crypto';
import { cafeTimeOfDay, queueJoinedSubject, queueJoinedText, tableReadySubject, tableReadyText, todayIn } from '@cafe/contracts';
import { withoutWaiting, type CommandContext } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf } from '../platform/commands/command-pipeline.js';
import type { MailFacts } from '../platform/mailer/mail-composer.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { queueLinks } from '../guest-links/index.js';
import { guestMessenger, SmsRefused, type GuestMessenger } from '../guest-messages/index.js';
import { POLICY_ID, seatingProjection, type SeatingPolicyDoc } from '../cafe-day/index.js';
import { lastSeatingOf } from './door-queue-estimates.js';
import { doorQueueProjection, type DoorQueueDoc } from './door-queue-projection.js';
import { messageDecider, messageStream, type MessageCommand, type MessageKind } from './message-claims.js';

/**
 * The door queue's outbox: the messages its events ask for (PartyQueued: "you're on the list" with the
 * guest's link; TableReadySent: "your table is ready") wait in the door_queue read model as pending; this
 * runner claims each on its own stream, sends it through the GuestMessenger (a text or a mail), and
 * records the outcome. Claimed before sent, so a crash never sends one twice (at most once: a claim with
 * no outcome stays unsent). Too late is skipped, never sent: a party seated or gone before its "on the
 * list" went out, a "table ready" whose hold ran out. It runs where the projections run, woken by the
 * route that appended (this process) and every few seconds (another process's appends, a restart).
 */
const SWEEP_MS = 3_000;
const ACTOR = { kind: 'system', name: 'door-queue-messages' } as const;

const wakers = new WeakMap<object, () => void>();

/** Something was queued or is ready: look at once rather than at the next sweep. */
export function wakeQueueMessages(runtime: object): void {
  wakers.get(runtime)?.();
}

export function startQueueMessages(runtime: Runtime, facts: MailFacts, messenger?: GuestMessenger): () => Promise<void> {
  const logger = runtime.logger.child({ feature: 'door-queue' });
  const send = messenger ?? guestMessenger({ config: runtime.config, mailer: runtime.mailer, logger });
  const links = queueLinks(runtime.config);
  const quiet = withoutWaiting(runtime);
  const docs = () => runtime.documents.collection<DoorQueueDoc>(doorQueueProjection.name);
  /** The quote as the guest is told it: null when it ends past today's last seating (no table tonight). */
  const tonight = async (doc: DoorQueueDoc): Promise<number | null> => {
    const policy = await runtime.documents.collection<SeatingPolicyDoc>(seatingProjection.name).get(POLICY_ID);
    const last = lastSeatingOf(policy, doc.date);
    const [h, m] = cafeTimeOfDay(runtime.config.zone, new Date(doc.addedAt)).split(':').map(Number);
    return last !== null && h! * 60 + m! + doc.quotedMinutes > last ? null : doc.quotedMinutes;
  };

  const decide = (context: CommandContext, messageId: string, command: MessageCommand) =>
    runPipeline(quiet, context, (tx) => tx.decide(streamOf(messageDecider, messageStream(messageId)), messageDecider.decide, command), {
      waitForReadModels: false,
      retriesOnConflict: 3,
    });

  async function deliver(doc: DoorQueueDoc, messageId: string, kind: MessageKind): Promise<void> {
    const context: CommandContext = { actor: ACTOR, correlationId: randomUUID(), causationId: messageId };
    const ref = { date: doc.date, partyId: doc._id, messageId };
    const now = runtime.clock.now();
    const late =
      kind === 'queued'
        ? doc.status !== 'waiting' && 'no longer waiting'
        : (doc.status !== 'ready' || !doc.readyUntil || Date.parse(doc.readyUntil) <= now.getTime()) && 'the table is no longer held';
    const channel = send.channelFor({ phone: doc.phone, email: doc.email });
    const skip = late || (!channel && 'no phone or e-mail to reach them');
    if (skip || !channel) {
      await decide(context, messageId, { type: 'Skip', ref, kind, reason: skip || 'no way to reach them' });
      return;
    }
    const claim = await decide(context, messageId, { type: 'Claim', ref, kind, channel });
    if (claim.value.events.length === 0) return; // claimed by another runner, or before a restart: never again
    const cafe = (await facts.cafe(runtime.documents)).name;
    const holdMinutes = doc.readyAt && doc.readyUntil ? Math.round((Date.parse(doc.readyUntil) - Date.parse(doc.readyAt)) / 60_000) : 0;
    const message =
      kind === 'queued'
        ? { subject: queueJoinedSubject(cafe), text: queueJoinedText(doc.name, cafe, await tonight(doc), links.url(doc.date, doc._id)) }
        : { subject: tableReadySubject(cafe), text: tableReadyText(doc.name, cafe, holdMinutes) };
    let outcome: { channel: 'sms' | 'mail' } | { reason: string };
    try {
      outcome = await send.send({ id: messageId, to: { phone: doc.phone, email: doc.email }, fromName: cafe, ...message });
    } catch (error) {
      // Never the mail server's words: they may quote the guest's address.
      outcome = { reason: error instanceof SmsRefused ? error.message : `${channel} not sent` };
      logger.warn({ messageId, kind, channel, err: error instanceof SmsRefused ? error.message : undefined }, 'guest message not sent');
    }
    await decide(context, messageId, { type: 'Record', ref, outcome });
  }

  const pass = async () => {
    const today = todayIn(runtime.config.zone, runtime.clock.now());
    for (const doc of await docs().find({ date: today })) {
      if (!doc.pending) continue;
      for (const [messageId, message] of Object.entries(doc.messages)) {
        if (message.state === 'pending') await deliver(doc, messageId, message.kind);
      }
    }
  };

  // Its own loop, never the request that woke it: a wake-up only ends the loop's wait, so the pass runs in
  // the loop's context (the request answers once its event is stored, and counts none of this).
  let stopped = false;
  let again = false;
  let wakeUp: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      again = false;
      await pass().catch((err: unknown) => logger.error({ err }, 'door-queue messages failed'));
      if (again || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, SWEEP_MS);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();
  wakers.set(runtime, () => {
    again = true;
    wakeUp?.();
  });
  return async () => {
    stopped = true;
    wakers.delete(runtime);
    wakeUp?.();
    await loop;
  };
}
