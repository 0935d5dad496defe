import { fanOut, releaseMessages } from './events.ts';
import { releaseOrder } from '../contract/api/releases.ts';
import type { ReleaseFeed } from './release-feed.ts';
import type { WebhookStore } from './webhook-types.ts';

export interface AnnouncerOptions {
  store: WebhookStore;
  feed: ReleaseFeed;
  /** Whether the API key that owns an endpoint is still valid and may use webhooks. */
  ownerActive: (keyId: string) => boolean;
  /** A process that claimed a release and died loses the claim after this long (ms). */
  leaseMs: number;
  log: (msg: string, fields: Record<string, unknown>) => void;
  /** After an enqueue (wakes the dispatcher). */
  onEnqueued: () => void;
  now?: () => number;
}

/** How many deliveries are written per store call: a large release is written in parts (each idempotent). */
const BATCH = 2000;

/**
 * Turns newly published releases into deliveries, exactly once however many server processes
 * see the release: the first release the store ever sees is its baseline (no subscriber can have
 * been waiting for it); every later one is claimed in the store (one winner), its messages fanned
 * out to the matching endpoints and enqueued, then marked done. A winner that dies mid-way loses
 * its claim after `leaseMs`, and the next check (any process) enqueues again: ids are derived, so
 * what was already enqueued is left alone. check() runs at start, on every snapshot swap and
 * periodically; overlapping calls share one run.
 */
export class Announcer {
  readonly #o: AnnouncerOptions;
  #done: string | null = null;
  #run: Promise<void> | null = null;

  constructor(o: AnnouncerOptions) {
    this.#o = o;
  }

  check(): Promise<void> {
    this.#run ??= this.#check().finally(() => {
      this.#run = null;
    });
    return this.#run;
  }

  async #check(): Promise<void> {
    const { store, feed } = this.#o;
    const newest = feed.newest();
    if (this.#done === newest) return;
    const last = await store.lastRelease();
    if (last === null) {
      await store.setBaseline(newest);
      this.#o.log('webhooks: first release seen, taken as the baseline (nothing to announce)', { release: newest });
      this.#done = newest;
      return;
    }
    for (const release of await feed.releasesAfter(last)) {
      if (!(await store.claimRelease(release.id, this.#o.leaseMs))) continue;
      const now = (this.#o.now ?? Date.now)();
      const messages = releaseMessages(release, now);
      const deliveries = fanOut(messages, await store.allEndpoints(), this.#o.ownerActive, now);
      for (let i = 0; i < deliveries.length; i += BATCH) {
        const part = deliveries.slice(i, i + BATCH);
        const ids = new Set(part.map((d) => d.msgId));
        await store.enqueue(
          messages.filter((m) => ids.has(m.id)),
          part,
        );
        this.#o.onEnqueued();
        // Let requests in between: a release of every disease is tens of thousands of deliveries.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await store.finishRelease(release.id);
      this.#o.log('webhooks: release announced', {
        release: release.id,
        previous: release.previous,
        lastAnnounced: last,
        events: messages.length,
        deliveries: deliveries.length,
        ...(release.previous !== last ? { gap: 'the release is compared with its own predecessor, not the last announced one' } : {}),
      });
    }
    // Done here only once the store says so: a claim held by another process may yet lapse.
    const after = await store.lastRelease();
    if (after !== null && releaseOrder(after) >= releaseOrder(newest)) this.#done = newest;
  }
}
