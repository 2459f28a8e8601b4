/**
 * Merged commits on PostgreSQL (docs/design.md, "Merged commits"). A transaction whose
 * every statement waited (deferred-writes.ts: a public create is one) is sent at its commit
 * as one statement. Those that commit in the same turn of the event loop, on any of the
 * pool's connections, go together as one statement (`mergedStatement`) on the first one's
 * connection: PostgreSQL then parses, plans, runs and commits once for all of them (the
 * figures are in the README). A statement is atomic, so they commit together or not at
 * all; when the merged statement fails (one transaction's write is refused, or two clashed
 * on a row), each is sent again alone on its own connection and fails or commits on its
 * own, as if never merged.
 */
import { mergedStatement, type Held } from './deferred-writes.ts';
import type { ColumnTypes } from './set-form.ts';

/** Most transactions in one statement: its parameters and plan grow with them. */
export const MAX_MERGE = 16;

/** Set forms refused in a row (each transaction then committing alone) before it is told in the log, once a streak. */
export const REFUSALS_TOLD = 3;

/** Sends a statement on one connection; `once`: its text is unlikely to come again (not worth preparing). */
export type Send = (text: string, values: unknown[], once: boolean) => Promise<unknown>;

interface Entry {
  held: Held;
  send: Send;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class StatementMerger {
  private waiting: Entry[] = [];
  private scheduled = false;
  /** The column types of the set form (set-form.ts), once read; null meanwhile. */
  private types: ColumnTypes | null = null;
  private loading = false;
  /** Merged commits in the set form refused one after another while each alone committed. */
  private refusedInARow = 0;

  /**
   * `loadTypes` reads the database's column types for the set form of merged commits (one
   * text whatever their size), at the first commit: after the migrations that made them.
   * Without it, merged commits keep a text that grows with what they hold.
   */
  constructor(private readonly loadTypes?: () => Promise<ColumnTypes>) {}

  /**
   * Commits `held` through `send` (its own connection's), perhaps merged with others of
   * this turn; resolves once it is committed, rejects with the error of its own statement.
   */
  commit(held: Held, send: Send): Promise<void> {
    if (!this.types && !this.loading && this.loadTypes) {
      this.loading = true;
      this.loadTypes()
        .then(
          (types) => (this.types = types),
          () => undefined, // read again at a later commit
        )
        .finally(() => (this.loading = false));
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ held, send, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // Next turn: the commits of the requests handled in this one join meanwhile.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = this.waiting;
    this.waiting = [];
    for (let i = 0; i < all.length; i += MAX_MERGE) {
      const group = all.slice(i, i + MAX_MERGE);
      // A fault in building the statement (a bug, not a refusal) fails the group's commits:
      // unhandled, it would end the process and leave their requests waiting. Those already
      // settled stay as they are.
      this.send(group).catch((error: unknown) => group.forEach((e) => e.reject(error)));
    }
  }

  private async send(group: Entry[]): Promise<void> {
    const merged =
      group.length > 1 || this.types
        ? mergedStatement(
            group.map((e) => e.held),
            this.types,
          )
        : null;
    // A lone transaction without a set form: `merged` is what `alone` would build.
    if (merged && group.length === 1 && !merged.fixed) {
      await alone(group[0], merged);
      return;
    }
    let refusal: unknown;
    if (merged) {
      try {
        await group[0].send(merged.text, merged.values, !merged.fixed);
        if (merged.fixed) this.refusedInARow = 0;
        for (const e of group) e.resolve();
        return;
      } catch (error) {
        // Nothing of the merged statement stays: each is tried alone below.
        refusal = error;
      }
    }
    const outcomes = await Promise.all(group.map((e) => alone(e)));
    // A set form refused where each transaction alone commits was perhaps read from column
    // types a migration changed since (or the transactions clashed): the types are read again.
    if (merged?.fixed && outcomes.every(Boolean)) {
      this.types = null;
      // Refused time after time, every merged commit costs twice and nothing else shows it.
      if (++this.refusedInARow === REFUSALS_TOLD)
        console.warn(
          `Merged commits: the set form was refused ${REFUSALS_TOLD} times in a row where each transaction alone committed; each merged commit is then sent again, one transaction at a time: ${refusal instanceof Error ? refusal.message : String(refusal)}`,
        );
    }
  }
}

/**
 * Sends `e` alone, in the counted form (no set form: it must not fail for the set form's
 * sake; `s`, when given, is that form already built); whether it committed.
 */
async function alone(e: Entry, s = mergedStatement([e.held])): Promise<boolean> {
  try {
    await e.send(s.text, s.values, false);
    e.resolve();
    return true;
  } catch (error) {
    e.reject(error);
    return false;
  }
}
