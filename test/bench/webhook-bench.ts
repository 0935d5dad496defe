import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bearer, type BenchContext, type GroupResult } from './bench-context.ts';
import { startRealServer } from './real-server.ts';
import { compareTargets, LOAD_CPU } from './run-load.ts';
import { pinProcess } from './wrk.ts';
import { ScratchReleases } from './scratch-releases.ts';

/**
 * Issue 11: webhook delivery. A scratch dist shares the snapshot's objects and publishes copies
 * of it whose release history says every disease changed (a large release, as a new Mondo release date
 * would make), so the real server announces it through its ordinary path. The receiver is a bare
 * node:http server in this process answering 204 (pinned beside the load generator, off the
 * server's CPU). Measured: events per second to one endpoint
 * with the default settings (4 in flight per endpoint), and the API's request rate on the summary
 * while such a release is being delivered, as a ratio to the rate when idle.
 */
export async function benchWebhooks(ctx: BenchContext): Promise<GroupResult> {
  const { env, options, src } = ctx;
  const dist = join(env.dir, 'webhook-dist');
  const ids = src.rows.map((r) => r.id);
  const releases = new ScratchReleases(dist, src);
  /** Publish a copy of the snapshot as a new release that changes `changed` diseases. */
  const publish = (changed: string[]): string => releases.publish(changed);

  let received = 0;
  let first = 0;
  let last = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const now = performance.now();
      if (received++ === 0) first = now;
      last = now;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  // The receiver runs in this process: kept off the server's CPU, beside the load generator.
  if (options.pin) pinProcess(process.pid, LOAD_CPU);
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  publish([]);
  ctx.progress('webhooks: starting the real server on a copy of the snapshot');
  const outbox = join(env.dir, 'webhook-outbox');
  const stack = await startRealServer({
    env,
    dist,
    extraEnv: { WEBHOOK_ALLOW_ADDRESSES: 'loopback', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_DIR: outbox },
  });
  try {
    const created = await fetch(`${stack.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { ...bearer(env.meteredKey), 'content-type': 'application/json' },
      body: JSON.stringify({ url: hook }),
    });
    if (created.status !== 201) throw new Error(`webhooks: creating the endpoint answered ${created.status}: ${await created.text()}`);
    const events = ids.length + 1;
    const until = async (n: number, what: string) => {
      const deadline = Date.now() + 600_000;
      while (received < n) {
        if (Date.now() > deadline) throw new Error(`webhooks: ${what}: ${received} of ${n} deliveries after 10 minutes`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    ctx.progress(`webhooks: a release changing all ${ids.length} diseases, delivered with nothing else running`);
    const t0 = performance.now();
    publish(ids);
    await until(events, 'alone');
    const alone = { events, seconds: (last - first) / 1000, fromPublish: (last - t0) / 1000 };
    const perSecond = alone.events / alone.seconds;

    // The outbox compacts once idle after a release (a pause of its own): the idle rate is measured after that.
    const grown = statSync(join(outbox, 'outbox.log')).size;
    const compacted = Date.now() + 30_000;
    while (statSync(join(outbox, 'outbox.log')).size >= grown && Date.now() < compacted) await new Promise((r) => setTimeout(r, 100));
    const load = { ...options, rounds: 1 };
    const target = {
      name: 'summary',
      url: `${stack.url}/api/v1/diseases/MONDO:0009061/summary`,
      headers: bearer(env.meteredKey),
      expectStatus: 200,
      pid: stack.pid,
    };
    ctx.progress('webhooks: API rate while idle');
    const [idle] = await compareTargets([{ ...target, name: 'idle' }], load, ctx.progress);
    ctx.progress('webhooks: API rate while the next large release is delivered');
    const before = received;
    publish(ids);
    // Past the snapshot swap itself (loading the new snapshot, then collecting the old one is the
    // publish's cost, not the delivery's): the load starts once a tenth of the release is out.
    await until(before + Math.ceil(events / 10), 'the next release to be under way');
    const startedAt = received;
    const [busy] = await compareTargets([{ ...target, name: 'during delivery' }], load, ctx.progress);
    const atEnd = received;
    const during = atEnd - startedAt;
    await until(before + events, 'under load');
    const ratio = busy.requestsPerSec / idle.requestsPerSec;
    const stillDelivering = atEnd < before + events;

    console.log(`\nWebhook delivery to one local endpoint (default settings: 4 in flight per endpoint, 32 in all)`);
    console.log(
      `  release of ${alone.events.toLocaleString('en-US')} events delivered alone: ${Math.round(perSecond).toLocaleString('en-US')} events/s (${alone.seconds.toFixed(1)} s first to last, ${alone.fromPublish.toFixed(1)} s from publishing)`,
    );
    console.log(
      `  API summary while idle:              ${Math.round(idle.requestsPerSec).toLocaleString('en-US')} req/s (p99 ${idle.p99} ms)`,
    );
    console.log(
      `  API summary while a release is sent: ${Math.round(busy.requestsPerSec).toLocaleString('en-US')} req/s (p99 ${busy.p99} ms), ratio ${ratio.toFixed(2)}; ${during.toLocaleString('en-US')} events delivered meanwhile (${Math.round(during / (options.warmup + options.duration))}/s)`,
    );
    const notes = [
      `${Math.round(perSecond)} events/s to one endpoint alone; ${during} events delivered during the ${options.warmup + options.duration} s of API load`,
      `API rate during delivery / idle: ${ratio.toFixed(2)}${stillDelivering ? '' : ' (the release finished before the load did)'}`,
    ];
    return {
      cases: [
        {
          name: 'API rate during a large delivery',
          request: 'GET /api/v1/diseases/MONDO:0009061/summary',
          baseline: 'idle',
          rows: [idle, busy].map((s) => ({
            target: s.name,
            requestsPerSec: s.requestsPerSec,
            p50Ms: s.p50,
            p99Ms: s.p99,
            ratio: s.requestsPerSec / idle.requestsPerSec,
            cpuUsPerRequest: s.cpuUsPerRequest,
            roundsRequestsPerSec: s.rounds.map((r) => r.requestsPerSec),
          })),
          notes,
        },
      ],
      goals: [],
      notes,
    };
  } finally {
    await stack.stop();
    receiver.closeAllConnections();
    receiver.close();
  }
}
