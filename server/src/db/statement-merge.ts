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

/** Most transactions in one statement: its parameters and plan grow with them. */
export const MAX_MERGE = 16;

/** Sends a statement on one connection; `merged`: it holds several transactions. */
export type Send = (text: string, values: unknown[], merged: boolean) => Promise<unknown>;

interface Entry {
  held: Held;
  send: Send;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class StatementMerger {
  private waiting: Entry[] = [];
  private scheduled = false;

  /**
   * Commits `held` through `send` (its own connection's), perhaps merged with others of
   * this turn; resolves once it is committed, rejects with the error of its own statement.
   */
  commit(held: Held, send: Send): Promise<void> {
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
    for (let i = 0; i < all.length; i += MAX_MERGE) void this.send(all.slice(i, i + MAX_MERGE));
  }

  private async send(group: Entry[]): Promise<void> {
    if (group.length > 1) {
      const merged = mergedStatement(group.map((e) => e.held));
      try {
        await group[0].send(merged.text, merged.values, true);
        for (const e of group) e.resolve();
        return;
      } catch {
        // Nothing of the merged statement stays: each is tried alone below.
      }
    }
    await Promise.all(group.map((e) => alone(e)));
  }
}

async function alone(e: Entry): Promise<void> {
  const s = mergedStatement([e.held]);
  try {
    await e.send(s.text, s.values, false);
    e.resolve();
  } catch (error) {
    e.reject(error);
  }
}
