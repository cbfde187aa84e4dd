import { NOTIFICATION_BATCHES, type ClaimedMailEntry, type NotificationBatchEvent, type SentMailEntry } from '@cafe/contracts';
import type { Clock } from '../platform/clock.js';
import {
  WrongExpectedRevisionError,
  isWrongExpectedRevision,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../platform/event-store/event-store.js';
import { appendOnceMore, metadataOf, withIds } from '../platform/commands/append-path.js';
import type { CommandContext } from '../platform/commands/command-types.js';
import { timeOrderedId } from '../platform/commands/event-ids.js';

type Entry = { claim: ClaimedMailEntry } | { sent: SentMailEntry };

interface Waiting {
  entry: Entry;
  cause: RecordedEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Mails claimed by other processes, remembered at most (their events were long handled by then). */
const OTHERS_KEPT = 100_000;
/** How many times a batch is appended again after another process's batch came first. */
const CONFLICTS_TRIED = 20;
const PAGE = 200;

const keyOf = (mail: { sourceEventId: string; recipient: string }) => `${mail.sourceEventId}/${mail.recipient}`;
const attemptOf = (entry: Entry) => ('claim' in entry ? entry.claim.attemptId : entry.sent.attemptId);
/** An entry's own key: its kind and its attempt's id. */
const entryKey = (entry: Entry) => `${'claim' in entry ? 'claim' : 'sent'}:${attemptOf(entry)}`;

/**
 * The mails' first attempts, claimed and recorded in batches on the reactor's own stream: the claims
 * asked for while the last batch was being written go out as one event, expecting the stream's revision
 * this process last accounted for, so a batch of mails costs one event and one commit for its claims and
 * one for its sending, not two events of a stream of their own each (about a quarter of the gateway's CPU per booking).
 * Only one process can claim a mail: every claim up to the revision a batch expects has been read here
 * (its own, and on a conflict the other processes' batches, read before appending again), and a mail
 * claimed elsewhere is refused as a conflict, as a claim on the mail's own stream was. At the first claim the
 * stream is read back to the reactor's starting point: every claim of a mail it may still send lies after it.
 */
export class NotificationBatches {
  private queued: Waiting[] = [];
  private writing = false;
  /** The stream's revision up to which every claim has been read here; undefined until the first batch. */
  private revision: bigint | 'no_stream' | undefined;
  private readonly othersClaimed = new Set<string>();
  /** Entries whose append failed with its outcome unknown (the store may have written it), by entryKey. */
  private readonly unsure = new Set<string>();
  /** Of those, the ones since found stored: appended again, they are settled without a second entry. */
  private readonly found = new Set<string>();
  private startedAfter: Position = 0n;

  constructor(private readonly deps: { eventStore: EventStore; clock: Clock }) {}

  /** Where the reactor started reading the log: claims before it are of mails it will not send. */
  startAt(after: Position): void {
    this.startedAfter = after;
    this.revision = undefined;
  }

  /** Resolves once the claim is stored; rejects with a conflict when another process claimed the mail. */
  claim(cause: RecordedEvent, claim: ClaimedMailEntry): Promise<void> {
    if (this.othersClaimed.has(keyOf(claim))) return Promise.reject(conflict());
    return this.add({ claim }, cause);
  }

  /** Resolves once the sending of a mail this process claimed in a batch is stored. */
  sent(cause: RecordedEvent, sent: SentMailEntry): Promise<void> {
    return this.add({ sent }, cause);
  }

  private add(entry: Entry, cause: RecordedEvent): Promise<void> {
    const key = entryKey(entry);
    if (this.found.delete(key)) {
      this.unsure.delete(key);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.queued.push({ entry, cause, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      setImmediate(() => void this.drain());
    });
  }

  /** One batch at a time: each expects the revision the last one left. */
  private async drain(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued;
      this.queued = [];
      await this.write(batch);
    }
    this.writing = false;
  }

  private async write(batch: Waiting[]): Promise<void> {
    let left = batch;
    try {
      if (this.revision === undefined) this.revision = await this.readBack();
      left = this.refuseOthers(left);
      for (let tries = 0; left.length > 0; tries++) {
        try {
          const [result] = await appendOnceMore({ eventStore: this.deps.eventStore }, [this.appendOf(left, this.revision)]);
          this.revision = result!.nextExpectedRevision;
          for (const w of left) w.resolve();
          return;
        } catch (error) {
          if (!isWrongExpectedRevision(error) || tries >= CONFLICTS_TRIED) throw error;
          left = this.refuseOthers(await this.readOthers(left));
        }
      }
    } catch (error) {
      // Perhaps stored all the same: a later read that finds them settles them when they are asked for again.
      for (const w of left) {
        this.unsure.add(entryKey(w.entry));
        w.reject(error);
      }
    }
  }

  private appendOf(batch: Waiting[], expectedRevision: bigint | 'no_stream') {
    const claims: ClaimedMailEntry[] = [];
    const sent: SentMailEntry[] = [];
    for (const { entry } of batch) {
      if ('claim' in entry) claims.push(entry.claim);
      else sent.push(entry.sent);
    }
    const events: NotificationBatchEvent[] = [];
    if (claims.length > 0) events.push({ type: 'NotificationsClaimed', data: { mails: claims } });
    if (sent.length > 0) events.push({ type: 'NotificationsSent', data: { mails: sent } });
    const first = batch[0]!;
    // Ids from the first mail's attempt and the revision: the same batch appended again is recognised.
    const commandId = attemptOf(first.entry);
    // A batch of one keeps its booking's correlation id (one request followed to its mail); a larger batch has its own.
    const context: CommandContext = {
      actor: { kind: 'system', name: 'notifications' },
      correlationId: batch.length === 1 ? first.cause.metadata.correlationId : timeOrderedId(),
      causationId: first.cause.id,
    };
    return {
      streamId: NOTIFICATION_BATCHES,
      expectedRevision,
      events: withIds(commandId, NOTIFICATION_BATCHES, expectedRevision, events, metadataOf(this.deps, context)),
    };
  }

  /** The stream back to the reactor's starting point, its claims noted; answers the newest revision. */
  private async readBack(): Promise<bigint | 'no_stream'> {
    let newest: bigint | 'no_stream' = 'no_stream';
    let from: bigint | undefined;
    for (;;) {
      const page = await this.deps.eventStore.readStream(NOTIFICATION_BATCHES, {
        direction: 'backwards',
        maxCount: PAGE,
        ...(from === undefined ? {} : { fromRevision: from }),
      });
      if (newest === 'no_stream' && page.length > 0) newest = page[0]!.revision;
      for (const event of page) {
        if (event.position <= this.startedAfter) return newest;
        this.note(event, new Set());
      }
      if (page.length < PAGE || page.at(-1)!.revision === 0n) return newest;
      from = page.at(-1)!.revision - 1n;
    }
  }

  /**
   * After a conflict: the batches appended since, their claims noted. Answers the entries still to append,
   * settling those found among them (a batch of this process's stored before an error said otherwise).
   */
  private async readOthers(left: Waiting[]): Promise<Waiting[]> {
    const mine = new Set(left.map(({ entry }) => entryKey(entry)));
    const landed = new Set<string>();
    for (;;) {
      const after = this.revision === 'no_stream' || this.revision === undefined ? 0n : this.revision + 1n;
      const page = await this.deps.eventStore.readStream(NOTIFICATION_BATCHES, { fromRevision: after, maxCount: PAGE });
      for (const event of page) {
        this.revision = event.revision;
        for (const key of this.note(event, mine)) landed.add(key);
      }
      if (page.length < PAGE) break;
    }
    return left.filter((w) => {
      if (!landed.has(entryKey(w.entry))) return true;
      this.unsure.delete(entryKey(w.entry));
      w.resolve();
      return false;
    });
  }

  /** Refuses the claims of mails another process claimed (read here since they were asked for): the rest. */
  private refuseOthers(left: Waiting[]): Waiting[] {
    return left.filter((w) => {
      if (!('claim' in w.entry) || !this.othersClaimed.has(keyOf(w.entry.claim))) return true;
      w.reject(conflict());
      return false;
    });
  }

  /**
   * Notes a stored batch: answers the entries of `waiting` it holds; an entry this process was unsure of is
   * remembered as found; any other claim is another process's.
   */
  private note(event: RecordedEvent, waiting: Set<string>): string[] {
    const landed: string[] = [];
    const e = { type: event.type, data: event.data } as NotificationBatchEvent;
    const entries: Entry[] =
      e.type === 'NotificationsClaimed' ? e.data.mails.map((claim) => ({ claim })) : e.data.mails.map((sent) => ({ sent }));
    for (const entry of entries) {
      const key = entryKey(entry);
      if (waiting.has(key)) landed.push(key);
      else if (this.unsure.has(key)) this.found.add(key);
      else if ('claim' in entry) this.rememberOthers(keyOf(entry.claim));
    }
    return landed;
  }

  private rememberOthers(key: string): void {
    this.othersClaimed.add(key);
    if (this.othersClaimed.size > OTHERS_KEPT) this.othersClaimed.delete(this.othersClaimed.values().next().value!);
  }
}

const conflict = () => new WrongExpectedRevisionError(NOTIFICATION_BATCHES, 'any', 'no_stream');
