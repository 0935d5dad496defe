import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Guard, Req, Res } from '../../server/http/context.ts';
import { guarded } from '../../server/http/chain.ts';

const req = {} as Req;
const res = {} as Res;

test('guards run in order, then the handler', async () => {
  const seen: string[] = [];
  const guard =
    (n: number): Guard =>
    () => {
      seen.push(`g${n}`);
      return true;
    };
  await guarded([guard(1), guard(2), guard(3)], () => {
    seen.push('handler');
  })(req, res);
  assert.deepEqual(seen, ['g1', 'g2', 'g3', 'handler']);
});

test('a guard that answers (false) ends the chain there, synchronously', () => {
  const seen: string[] = [];
  const result = guarded(
    [
      () => {
        seen.push('g1');
        return false;
      },
      () => {
        seen.push('g2');
        return true;
      },
    ],
    () => {
      seen.push('handler');
    },
  )(req, res);
  assert.equal(result, undefined);
  assert.deepEqual(seen, ['g1']);
});

test('an asynchronous guard continues or stops the chain when it settles', async () => {
  const seen: string[] = [];
  const later =
    (ok: boolean, name: string): Guard =>
    () =>
      Promise.resolve().then(() => {
        seen.push(name);
        return ok;
      });
  await guarded(
    [
      later(true, 'a1'),
      () => {
        seen.push('g2');
        return true;
      },
    ],
    () => {
      seen.push('handler');
    },
  )(req, res);
  await guarded(
    [
      later(false, 'b1'),
      () => {
        seen.push('never');
        return true;
      },
    ],
    () => {
      seen.push('never');
    },
  )(req, res);
  assert.deepEqual(seen, ['a1', 'g2', 'handler', 'b1']);
});

test('an error thrown by a guard or the handler, or a rejected guard, reaches the caller', async () => {
  const boom = new Error('boom');
  assert.throws(
    () =>
      guarded(
        [
          () => {
            throw boom;
          },
        ],
        () => assert.fail('ran after an error'),
      )(req, res),
    boom,
  );
  await assert.rejects(async () => guarded([() => Promise.reject(boom)], () => assert.fail('ran after an error'))(req, res), boom);
  await assert.rejects(
    async () =>
      guarded([], async () => {
        throw boom;
      })(req, res),
    boom,
  );
});
