import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsumeBatcher, MAX_BATCH } from '../../server/quota/consume-batch.ts';
import type { QuotaSlot } from '../../server/quota/store.ts';

const SLOT: QuotaSlot = { window: 'day', id: '2026-01-06', limit: 5, start: 0, resetAt: 86_400_000 };

/** A send that records each call's KEYS and ARGV and answers when the test says so. */
function recorder() {
  const calls: { keys: string[]; argv: (string | number)[]; answer(flat: number[]): void; fail(err: Error): void }[] = [];
  const send = (keys: string[], argv: (string | number)[]) =>
    new Promise<number[]>((answer, fail) => calls.push({ keys, argv, answer, fail }));
  return { calls, send };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('ConsumeBatcher', () => {
  it('sends the checks of one turn as one call, in order, and hands each its own reply', async () => {
    const { calls, send } = recorder();
    const batcher = new ConsumeBatcher(send);
    const a = batcher.submit(['k:a'], [SLOT], [100]);
    const b = batcher.submit(['k:b1', 'k:b2'], [SLOT, { ...SLOT, window: 'month', limit: 9 }], [100, 200]);
    await turn();
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0].keys, ['k:a', 'k:b1', 'k:b2']);
    assert.deepEqual(calls[0].argv, [2, 1, 5, 100, 2, 5, 9, 100, 200]);
    calls[0].answer([1, 3, 0, 5, 7]);
    assert.deepEqual(await a, { admitted: true, counts: [3] });
    assert.deepEqual(await b, { admitted: false, counts: [5, 7] });
    assert.deepEqual([batcher.calls, batcher.requests], [1, 2]);
  });

  it('holds what arrives while a batch is out and sends it as one call when the reply comes', async () => {
    const { calls, send } = recorder();
    const batcher = new ConsumeBatcher(send);
    const first = batcher.submit(['k:1'], [SLOT], [100]);
    await turn();
    const later = [batcher.submit(['k:2'], [SLOT], [100])];
    await turn();
    later.push(batcher.submit(['k:3'], [SLOT], [100]));
    await turn();
    assert.equal(calls.length, 1, 'nothing more is sent while the first batch is out');
    calls[0].answer([1, 1]);
    assert.deepEqual(await first, { admitted: true, counts: [1] });
    await turn();
    assert.equal(calls.length, 2);
    assert.deepEqual(calls[1].keys, ['k:2', 'k:3']);
    calls[1].answer([1, 2, 1, 3]);
    assert.deepEqual(await Promise.all(later), [
      { admitted: true, counts: [2] },
      { admitted: true, counts: [3] },
    ]);
  });

  it('fails every check of a failed call, and the next checks go out again', async () => {
    const { calls, send } = recorder();
    const batcher = new ConsumeBatcher(send);
    const both = [batcher.submit(['k:1'], [SLOT], [100]), batcher.submit(['k:2'], [SLOT], [100])];
    await turn();
    calls[0].fail(new Error('Command timed out'));
    for (const p of both) await assert.rejects(p, /Command timed out/);
    const next = batcher.submit(['k:3'], [SLOT], [100]);
    await turn();
    calls[1].answer([1, 1]);
    assert.deepEqual(await next, { admitted: true, counts: [1] });
  });

  it(`sends at most ${MAX_BATCH} checks per call`, async () => {
    const { calls, send } = recorder();
    const batcher = new ConsumeBatcher(send);
    const all = Array.from({ length: MAX_BATCH + 1 }, (_, i) => batcher.submit([`k:${i}`], [SLOT], [100]));
    await turn();
    assert.equal(calls[0].argv[0], MAX_BATCH);
    calls[0].answer(Array.from({ length: MAX_BATCH }, () => [1, 1]).flat());
    await turn();
    assert.equal(calls[1].argv[0], 1);
    calls[1].answer([0, 5]);
    assert.deepEqual(await all.at(-1), { admitted: false, counts: [5] });
  });
});
