import { BoundedMap } from './bounded-map.ts';

/**
 * A bounded in-process cache whose entries hold only under the epoch they were read in
 * (docs/design.md, "Caller cache"). The caller reads the database's auth epoch once per
 * request and passes it in: an entry filled under an older epoch is never returned, even if
 * a slow request stores it after the epoch moved on. An epoch is a number, or any string
 * compared whole (a PostgreSQL snapshot, db/read-cache.ts).
 */
export class EpochCache<V, E extends number | string = number> {
  private readonly entries: BoundedMap<string, { epoch: E; value: V }>;

  /** `max`: entries kept; the oldest inserted goes first when full. */
  constructor(max = 10_000) {
    this.entries = new BoundedMap(max);
  }

  get(key: string, epoch: E): V | undefined {
    const e = this.entries.get(key);
    return e && e.epoch === epoch ? e.value : undefined;
  }

  set(key: string, epoch: E, value: V): void {
    this.entries.set(key, { epoch, value });
  }
}

/**
 * Thrown when a request that assumed the auth epoch (docs/design.md, "Assumed epoch") reads
 * another one: nothing it read may be answered; the request is admitted again under the
 * epoch read now and run once more (http/endpoints.ts).
 */
export class StaleEpoch extends Error {
  constructor() {
    super('the auth epoch moved on since the request assumed it');
  }
}

/**
 * The auth epoch a request's guard assumed (docs/design.md, "Assumed epoch"), carried by the
 * request and its actor. A service that reads the epoch with its own statements confirms it
 * there; `Admission.settled` (http/guard.ts), around every handler in the endpoint wrapper,
 * reads and confirms it after a handler that did not, so an assuming call never answers
 * unconfirmed.
 */
export class EpochCheck {
  /** Whether the epoch has been read since: it matched `assumed`, or StaleEpoch was thrown. */
  checked = false;

  constructor(readonly assumed: number) {}

  /** Records `read`, the epoch a read saw; throws StaleEpoch when it is not `assumed`. */
  confirm(read: number): void {
    this.checked = true;
    if (read !== this.assumed) throw new StaleEpoch();
  }
}
