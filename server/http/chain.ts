import type { Guard, Handler, Req, Res } from './context.ts';

/**
 * A route's guards and handler run as one function. A guard that answers returns false and the
 * handler never runs; synchronous guards cost a call each, with no `next` closure per request
 * (a middleware loop spends a promise and a loop turn per step). An error thrown, or a rejected
 * promise, reaches the app's error answer through the returned promise.
 */
export function guarded(guards: Guard[], handler: Handler): Handler {
  const from = (i: number, req: Req, res: Res): void | Promise<void> => {
    for (; i < guards.length; i++) {
      const go = guards[i](req, res);
      if (go === false) return;
      if (go !== true) return go.then((ok) => (ok ? from(i + 1, req, res) : undefined));
    }
    return handler(req, res);
  };
  return function run(req, res) {
    return from(0, req, res);
  };
}
