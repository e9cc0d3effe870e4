/**
 * What the OpenAI and Anthropic batch simulators share: a test's script for a batch (expire
 * part-way, or be held), and the clock that works out every batch's life lazily, at each request.
 */

/** What the next created batch does, instead of running all its requests to its end. */
export interface BatchScriptEntry {
  /** The fraction (0..1) of the requests run, after which the batch expires (the rest expire unrun). */
  expireAfter?: number;
  /** The batch stays in progress, with the requests up to `expireAfter` (or none) run, until it is released; then it runs to its end. */
  hold?: boolean;
}

/** How many of its `total` requests the batch runs before it stops (to expire, or to be held): all of them unless its script says otherwise. */
export function scriptedStop(script: BatchScriptEntry, released: boolean, total: number): number {
  const { expireAfter, hold } = script;
  if (released) return total;
  const fraction = expireAfter === undefined ? (hold ? 0 : 1) : Math.min(1, Math.max(0, expireAfter));
  return Math.floor(fraction * total);
}

/** The batch's script holds it (until it is released). */
export function scriptHolds(script: BatchScriptEntry, released: boolean): boolean {
  return script.hold === true && !released;
}

/** A batch's next event: when it is due and what it does. */
export interface BatchEvent {
  at: number;
  run: () => void;
}

/**
 * Runs every event due by `now`, one at a time in the order of their time (each batch's next one
 * asked again after each), so a batch sees the others as they were at that instant.
 */
export function runDueEvents<R>(records: Iterable<R>, nextEvent: (record: R) => BatchEvent | null, now = Date.now()): void {
  for (;;) {
    let next: BatchEvent | null = null;
    for (const record of records) {
      const event = nextEvent(record);
      if (event && event.at <= now && (!next || event.at < next.at)) next = event;
    }
    if (!next) return;
    next.run();
  }
}
