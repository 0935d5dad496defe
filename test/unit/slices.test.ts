import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JsonMembers } from '../../server/loading/json-members.ts';
import { parseJsonSliced } from '../../server/loading/json-slices.ts';
import { runNow, runSliced, sortSliced, type Work } from '../../server/loading/slices.ts';

/** Run work, counting its pause points. */
function drain<T>(work: Work<T>): { value: T; pauses: number } {
  let pauses = 0;
  for (;;) {
    const step = work.next();
    if (step.done) return { value: step.value, pauses };
    pauses++;
  }
}

test('parseJsonSliced gives what JSON.parse gives, in batches, for large and small documents', () => {
  const rows = Array.from({ length: 6000 }, (_, i) => ({
    id: `MONDO:${String(i).padStart(7, '0')}`,
    name: `disease "${i}" \\ with\tescapes \u00e9 \ud83d\ude00 ${'x'.repeat(i % 50)}`,
    list: [i, -i / 3, 1e21, null, true, false, `a\\"b${i}`],
  }));
  const doc = {
    format: 1,
    rows,
    empty: {},
    emptyList: [],
    big: Object.fromEntries(rows.map((r) => [r.id, r.list])),
    postings: Array.from({ length: 200_000 }, (_, i) => i % 97),
    text: 'y'.repeat(100_000),
    ['__proto__']: { polluted: true },
  };
  for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2), ' [ 1 , 2 ] ', '{}', '"x"', '3']) {
    const { value, pauses } = drain(parseJsonSliced(Buffer.from(text)));
    assert.deepEqual(value, JSON.parse(text));
    if (text.length > 1_000_000) assert.ok(pauses > 20, `${pauses} pause points for ${text.length} bytes`);
  }
  const parsed = runNow(parseJsonSliced(Buffer.from(JSON.stringify(doc)))) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype, '__proto__ is a member, as JSON.parse makes it');
  assert.deepEqual(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value, { polluted: true });
});

test('parseJsonSliced refuses what JSON.parse refuses', () => {
  const big = JSON.stringify(Array.from({ length: 30_000 }, (_, i) => ({ i })));
  for (const bad of [big.slice(0, -1), `${big.slice(0, -1)},]`, big.replace('{"i":5}', '{"i":5'), `{"a":${big},"b":}`]) {
    assert.throws(() => runNow(parseJsonSliced(Buffer.from(bad))), SyntaxError);
  }
});

test('runSliced gives the event loop a turn between slices; runNow runs work at once', async () => {
  const order: string[] = [];
  function* work(): Work<number> {
    const until = performance.now() + 40;
    while (performance.now() < until) yield;
    order.push('work done');
    const read = (yield Promise.resolve(41)) as number;
    return read + 1;
  }
  setImmediate(() => order.push('a turn'));
  const value = await runSliced(work(), 3);
  assert.equal(value, 42);
  assert.deepEqual(order, ['a turn', 'work done']);
  assert.throws(() => runNow(work()), /runSliced/);
});

test('runSliced throws a failed read into the work, so its cleanup runs', async () => {
  let cleaned = false;
  function* work(): Work<void> {
    try {
      yield Promise.reject(new Error('ENOENT'));
    } finally {
      cleaned = true;
    }
  }
  await assert.rejects(runSliced(work()), /ENOENT/);
  assert.equal(cleaned, true);
});

test('members named in-place stay bytes and give what JSON.parse gives, one key at a time', () => {
  const xrefs = Object.fromEntries(
    Array.from({ length: 5000 }, (_, i) => [
      `OMIM:${100000 + i}`,
      [[`MONDO:${String(i).padStart(7, '0')}`, i % 6, i % 3 ? null : 'x,"y"']],
    ]),
  );
  const doc = { format: 1, xrefs, labels: { 'OMIM:100000': 'a "label", with commas' } };
  const text = JSON.stringify(doc, null, 1);
  const parsed = runNow(parseJsonSliced(Buffer.from(text), ['xrefs'])) as { xrefs: JsonMembers<unknown>; labels: unknown; format: number };
  assert.ok(parsed.xrefs instanceof JsonMembers);
  assert.equal(parsed.xrefs.size, 5000);
  assert.deepEqual([...parsed.xrefs.keys()], Object.keys(xrefs));
  for (const key of ['OMIM:100000', 'OMIM:100001', 'OMIM:104999']) assert.deepEqual(parsed.xrefs.get(key), xrefs[key]);
  assert.equal(parsed.xrefs.get('OMIM:999'), undefined);
  assert.deepEqual({ format: parsed.format, labels: parsed.labels }, { format: 1, labels: doc.labels });
});

test('sortSliced sorts as the built-in sort does, in slices', () => {
  const keys = Array.from({ length: 9000 }, (_, i) => `k${(i * 7919) % 9001}${i % 3 ? 'é' : ''}\u0001${i}`);
  keys.push('', 'Z', 'a', 'a', '\ud83d\ude00');
  const { value, pauses } = drain(sortSliced(keys));
  assert.deepEqual(value, [...keys].sort());
  assert.ok(pauses > 5);
  assert.deepEqual(runNow(sortSliced([])), []);
});
