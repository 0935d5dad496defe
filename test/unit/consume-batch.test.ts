import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsumeBatcher, MAX_BATCH } from '../../server/quota/consume-batch.ts';
import type { QuotaSlot } from '../../server/quota/store.ts';

const DAY: QuotaSlot = { window: 'day', id: '2026-01-06', limit: 5, start: 0, resetAt: 100 };
const MONTH: QuotaSlot = { window: 'month', id: '2026-01', limit: 9, start: 0, resetAt: 200 };
const BOTH = [DAY, MONTH];
const ONE = [DAY];
const NAMING = { key: (keyId: string, slot: QuotaSlot) => `${keyId}:${slot.window}`, expiry: (slot: QuotaSlot) => slot.resetAt + 1 };

/** A send that records each call's KEYS and ARGV and answers when the test says so. */
function recorder() {
  const calls: { keys: string[]; argv: (string | number)[]; answer(flat: number[]): void; fail(err: Error): void }[] = [];
  const send = (keys: string[], argv: (string | number)[]) =>
    new Promise<number[]>((answer, fail) => calls.push({ keys, argv, answer, fail }));
  return { calls, batcher: new ConsumeBatcher(send, NAMING) };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('ConsumeBatcher', () => {
  it('sends the checks of one turn as one call, one group per key and slots, and hands each request its decision', async () => {
    const { calls, batcher } = recorder();
    const a = [batcher.submit('a', BOTH), batcher.submit('b', ONE), batcher.submit('a', BOTH), batcher.submit('a', BOTH)];
    await turn();
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0].keys, ['a:day', 'a:month', 'b:day']);
    assert.deepEqual(calls[0].argv, [2, 2, 3, 5, 9, 101, 201, 1, 1, 5, 101]);
    // Key a: room for 2 of its 3 (the day had 3 of 5); key b: its day was full.
    calls[0].answer([2, 3, 7, 0, 5]);
    assert.deepEqual(await Promise.all(a), [
      { admitted: true, counts: [4, 8] },
      { admitted: false, counts: [5] },
      { admitted: true, counts: [5, 9] },
      { admitted: false, counts: [5, 9] },
    ]);
    assert.deepEqual([batcher.calls, batcher.requests], [1, 4]);
  });

  it('holds what arrives while a batch is out and sends it as one call when the reply comes', async () => {
    const { calls, batcher } = recorder();
    const first = batcher.submit('k', ONE);
    await turn();
    const later = [batcher.submit('k', ONE)];
    await turn();
    later.push(batcher.submit('k', ONE));
    await turn();
    assert.equal(calls.length, 1, 'nothing more is sent while the first batch is out');
    calls[0].answer([1, 0]);
    assert.deepEqual(await first, { admitted: true, counts: [1] });
    await turn();
    assert.equal(calls.length, 2);
    assert.deepEqual(calls[1].argv, [1, 1, 2, 5, 101]);
    calls[1].answer([2, 1]);
    assert.deepEqual(await Promise.all(later), [
      { admitted: true, counts: [2] },
      { admitted: true, counts: [3] },
    ]);
  });

  it('fails every check of a failed call and those queued behind it, and the next checks go out again', async () => {
    const { calls, batcher } = recorder();
    const both = [batcher.submit('k1', ONE), batcher.submit('k2', ONE)];
    await turn();
    const queued = batcher.submit('k1', ONE);
    calls[0].fail(new Error('Command timed out'));
    for (const p of [...both, queued]) await assert.rejects(p, /Command timed out/);
    assert.equal(calls.length, 1, 'the queued check was not sent to a Redis that just failed');
    const next = batcher.submit('k3', ONE);
    await turn();
    calls[1].answer([1, 0]);
    assert.deepEqual(await next, { admitted: true, counts: [1] });
  });

  it(`sends at most ${MAX_BATCH} checks per call, a group whole`, async () => {
    const { calls, batcher } = recorder();
    const all = [
      ...Array.from({ length: MAX_BATCH }, () => batcher.submit('big', ONE)),
      ...Array.from({ length: 2 }, () => batcher.submit('small', ONE)),
    ];
    await turn();
    assert.equal(calls.length, 2);
    assert.deepEqual(calls[0].argv, [1, 1, MAX_BATCH, 5, 101]);
    assert.deepEqual(calls[1].argv, [1, 1, 2, 5, 101]);
    calls[0].answer([5, 0]);
    calls[1].answer([0, 5]);
    const replies = await Promise.all(all);
    assert.deepEqual(replies.at(MAX_BATCH - 1), { admitted: false, counts: [5] });
    assert.deepEqual(replies.at(-1), { admitted: false, counts: [5] });
  });

  it('on a cluster, sends one call per shard at once, each key whole and in order, and answers each from its own', async () => {
    const { calls, batcher } = recorder();
    const a = [batcher.submit('a', ONE, 7), batcher.submit('b', ONE, 9), batcher.submit('a', ONE, 7), batcher.submit('c', BOTH, 7)];
    await turn();
    assert.deepEqual(
      calls.map((c) => c.keys),
      [['a:day', 'c:day', 'c:month'], ['b:day']],
    );
    assert.deepEqual(calls[0].argv, [2, 1, 2, 5, 101, 2, 1, 5, 9, 101, 201]);
    assert.deepEqual(calls[1].argv, [1, 1, 1, 5, 101]);
    // The replies come back in any order; each request gets its own shard's decision.
    calls[1].answer([1, 4]);
    calls[0].answer([1, 4, 1, 0, 0]);
    assert.deepEqual(await Promise.all(a), [
      { admitted: true, counts: [5] },
      { admitted: true, counts: [5] },
      { admitted: false, counts: [5] },
      { admitted: true, counts: [1, 1] },
    ]);
  });

  it("a shard's failure fails its checks and those queued for it, not the other shards'", async () => {
    const { calls, batcher } = recorder();
    const first = [batcher.submit('a', ONE, 1), batcher.submit('b', ONE, 2)];
    await turn();
    const queued = [batcher.submit('a', ONE, 1), batcher.submit('b', ONE, 2)];
    calls[0].fail(new Error('Connection is closed.'));
    calls[1].answer([1, 0]);
    await assert.rejects(first[0], /Connection is closed/);
    await assert.rejects(queued[0], /Connection is closed/);
    assert.deepEqual(await first[1], { admitted: true, counts: [1] });
    // Shard 2's queued check goes out at once, alone.
    await turn();
    assert.deepEqual(calls[2].keys, ['b:day']);
    calls[2].answer([1, 1]);
    assert.deepEqual(await queued[1], { admitted: true, counts: [2] });
  });
});
