import type { Middleware, Next, Req, Res } from './context.ts';

/**
 * Run middlewares in order as one: polka spends a promise and a loop turn per step, this only a
 * function call. An error or rejected promise goes to the outer `next`, as in polka.
 */
export function chain(fns: Middleware[]): Middleware {
  return function chained(req: Req, res: Res, outer: Next): void {
    let i = 0;
    const step: Next = (err) => {
      if (err) return outer(err);
      const fn = fns[i++];
      if (!fn) return outer();
      try {
        const r = fn(req, res, step);
        if (r && typeof (r as Promise<void>).then === 'function') (r as Promise<void>).catch(outer);
      } catch (e) {
        outer(e);
      }
    };
    step();
  };
}
