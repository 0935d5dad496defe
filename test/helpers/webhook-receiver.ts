import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, verified with the standardwebhooks package. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, any> };
  /** Host header: the name the sender used, whatever address it connected to. */
  host: string;
  /** Which of the receiver's secrets verified it (index into `secrets`); -1 when none did. */
  verifiedWith: number;
  /** The status the receiver answered. */
  answered: number;
  at: number;
}

/** What to answer a request: a status and headers (after `delayMs`, when given), or 'hang' to never answer. */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number } | 'hang';

/**
 * A webhook receiver on 127.0.0.1: records every request, verifies each with the reference
 * Standard Webhooks library against the secrets it was given, and answers what `answer` says.
 */
export class Receiver {
  readonly received: Received[] = [];
  secrets: string[] = [];
  answer: (r: Received, n: number) => Answer = () => ({ status: 204 });
  readonly #server: Server;
  readonly #hanging: ServerResponse[] = [];
  url = '';

  constructor() {
    this.#server = createServer((req, res) => this.#handle(req, res));
  }

  async start(path = '/hooks'): Promise<this> {
    await new Promise<void>((done) => this.#server.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}${path}`;
    return this;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** Received requests with a 2xx answer, by webhook-id. */
  acked(): Map<string, Received[]> {
    const m = new Map<string, Received[]>();
    for (const r of this.received) if (r.answered >= 200 && r.answered < 300) m.set(r.id, [...(m.get(r.id) ?? []), r]);
    return m;
  }

  /** Answer every hanging request with `status` (or just drop them). */
  release(status = 204): void {
    for (const res of this.#hanging.splice(0)) if (!res.destroyed) res.writeHead(status).end();
  }

  async close(): Promise<void> {
    for (const res of this.#hanging.splice(0)) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((done) => this.#server.close(() => done()));
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const h = (n: string) => String(req.headers[n] ?? '');
      const headers = {
        'webhook-id': h('webhook-id'),
        'webhook-timestamp': h('webhook-timestamp'),
        'webhook-signature': h('webhook-signature'),
      };
      const verifiedWith = this.secrets.findIndex((s) => {
        try {
          new Webhook(s).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      let payload: Received['payload'];
      try {
        payload = JSON.parse(body);
      } catch {
        payload = { type: '(not JSON)', timestamp: '', data: {} };
      }
      const r: Received = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        payload,
        host: h('host'),
        verifiedWith,
        answered: 0,
        at: Date.now(),
      };
      const answer = this.answer(r, this.received.length);
      this.received.push(r);
      if (answer === 'hang') {
        this.#hanging.push(res);
        return;
      }
      if (answer.delayMs) {
        // A slow receiver: the answer (and `answered`, `at`) come after the delay, if the sender still listens.
        setTimeout(() => {
          if (res.destroyed) return;
          r.answered = answer.status;
          r.at = Date.now();
          res.writeHead(answer.status, answer.headers ?? {}).end();
        }, answer.delayMs);
        return;
      }
      r.answered = answer.status;
      res.writeHead(answer.status, answer.headers ?? {}).end();
    });
  }
}
