import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Middleware, Req, Res } from '../server/http/context.ts';
import { chain } from '../server/http/chain.ts';

const req = {} as Req;
const res = {} as Res;

function run(fns: Middleware[]): Promise<unknown[]> {
  return new Promise((done) => chain(fns)(req, res, (...args: unknown[]) => done(args)));
}

test('chain runs steps in order and calls the outer next after the last one', async () => {
  const seen: number[] = [];
  const step = (n: number): Middleware => (_q, _s, next) => { seen.push(n); next(); };
  assert.deepEqual(await run([step(1), step(2), step(3)]), []);
  assert.deepEqual(seen, [1, 2, 3]);
});

test('a step that does not call next ends the chain there', async () => {
  const seen: number[] = [];
  const outer: unknown[] = [];
  chain([(_q, _s, _n) => { seen.push(1); }, (_q, _s, next) => { seen.push(2); next(); }])(req, res, (e) => outer.push(e));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual([seen, outer], [[1], []]);
});

test('an error passed to next, thrown, or rejected reaches the outer next and stops the chain', async () => {
  const boom = new Error('boom');
  const never: Middleware = () => assert.fail('ran after an error');
  assert.deepEqual(await run([(_q, _s, next) => next(boom), never]), [boom]);
  assert.deepEqual(await run([() => { throw boom; }, never]), [boom]);
  assert.deepEqual(await run([async () => { throw boom; }, never]), [boom]);
});
