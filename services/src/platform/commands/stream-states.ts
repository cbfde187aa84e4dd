/**
 * Folded states of the streams many commands read (a day's seats, the business info), kept in memory
 * between commands so a command reads nothing for them. An entry is only ever built from a full read
 * of the stream and from this process's own appends, including ones not yet acknowledged (so writers
 * on a busy day decide one after the other without waiting for each other's fsync). It is never
 * trusted on its own: every append (or condition) on a cached stream carries the entry's revision and
 * last event id, so a write from elsewhere fails the append, drops the entry, and the command runs
 * again on a fresh read.
 */
export interface StreamStateEntry {
  /** The fold that built `state` (a stream may be folded two ways: one entry per stream, the last fold wins). */
  fold: object;
  state: unknown;
  /** Revision of the last event folded in; null: no stream. */
  revision: bigint | null;
  lastEventId: string | undefined;
}

/** How many streams stay in memory: a year of days ahead plus a margin; the least recently used go first. */
const DEFAULT_MAX_ENTRIES = 2000;

export class StreamStates {
  private readonly entries = new Map<string, StreamStateEntry>();
  private readonly loading = new Map<string, Promise<StreamStateEntry>>();
  /** The last turn asked for on each stream (turn()). */
  private readonly turns = new Map<string, Promise<void>>();

  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES) {}

  get(streamId: string, fold: object): StreamStateEntry | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.fold !== fold) return undefined;
    // Map order is the recency order.
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry;
  }

  /** One read at a time per stream: commands arriving while it runs share it. */
  async load(streamId: string, fold: object, read: () => Promise<StreamStateEntry>): Promise<StreamStateEntry> {
    const cached = this.get(streamId, fold);
    if (cached) return cached;
    const inFlight = this.loading.get(streamId);
    if (inFlight) {
      const shared = await inFlight;
      if (shared.fold === fold) return this.get(streamId, fold) ?? shared;
    }
    const reading = read();
    this.loading.set(streamId, reading);
    try {
      const entry = await reading;
      this.set(streamId, entry);
      return entry;
    } finally {
      if (this.loading.get(streamId) === reading) this.loading.delete(streamId);
    }
  }

  set(streamId: string, entry: StreamStateEntry): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * Waits until the commands that asked before have decided on this stream, then answers the release to
   * call once this one has (its state set here) or gave up. Without turns, commands on one busy day all
   * read the day's state between two awaits of each other, decide on the same revision, and all but one
   * conflict and run again: 24 at once on a day cost eight times the work of one after the other.
   */
  async turn(streamId: string): Promise<() => void> {
    const before = this.turns.get(streamId);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.turns.set(streamId, mine);
    if (before) await before;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      if (this.turns.get(streamId) === mine) this.turns.delete(streamId);
    };
  }

  /** After a failed append: the next command reads the stream again. */
  drop(streamId: string): void {
    this.entries.delete(streamId);
  }
}
