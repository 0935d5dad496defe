import { request as httpsRequest } from 'node:https';
import { makeCertificate } from '../helpers/tls-cert.ts';
import { bearer, type BenchContext, type GroupResult } from './bench-context.ts';
import { startRealServer, type RunningTarget } from './real-server.ts';
import { printTable, rowsOf } from './report.ts';
import { compareTargets, type LoadTarget } from './run-load.ts';

const PATH = '/api/v1/diseases/MONDO:0009061/summary';
const PLAIN = 'plain HTTP/1.1';
const TLS = 'HTTPS (HTTP/1.1)';

/** One GET over TLS trusting `ca`, to check the server answers 200 before it is loaded. */
function probe(url: string, ca: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpsRequest(url, { ca, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * Issue 14: what TLS costs. The summary with a metered key from the real server over plain HTTP
 * and from a second one over HTTPS (a P-256 certificate made for the run, TLS_CERT_FILE and
 * TLS_KEY_FILE), both keep-alive, so handshakes are amortized and the rate is that of encrypting
 * the stream. Reports requests/s, latency and server CPU per request, as a ratio to plain HTTP.
 */
export async function benchTls(ctx: BenchContext): Promise<GroupResult> {
  const { env, options, src } = ctx;
  const started: RunningTarget[] = [];
  try {
    const cert = makeCertificate(env.dir, 'bench-tls');
    ctx.progress('tls: starting the real server over plain HTTP and over HTTPS');
    const plain = await startRealServer({ env, dist: src.dist });
    started.push(plain);
    const tls = await startRealServer({ env, dist: src.dist, extraEnv: { TLS_CERT_FILE: cert.certFile, TLS_KEY_FILE: cert.keyFile } });
    started.push(tls);
    const auth = bearer(env.meteredKey);
    const status = await probe(tls.url + PATH, cert.pem, auth);
    if (status !== 200) throw new Error(`tls: probe of ${tls.url + PATH} answered ${status}`);
    const at = (t: RunningTarget, name: string): LoadTarget => ({ name, url: t.url + PATH, headers: auth, expectStatus: 200, pid: t.pid });
    const rows = rowsOf(await compareTargets([at(plain, PLAIN), at(tls, TLS)], options, ctx.progress), PLAIN);
    const row = (name: string) => rows.find((r) => r.target === name)!;
    const cpu = (row(TLS).cpuUsPerRequest ?? NaN) - (row(PLAIN).cpuUsPerRequest ?? NaN);
    const notes = [
      `TLS costs ${cpu.toFixed(1)} us of server CPU per request above plain HTTP (keep-alive connections: no handshake per request)`,
    ];
    printTable(`TLS: GET ${PATH}, metered key`, rows, PLAIN, notes);
    return { cases: [{ name: 'summary over TLS', request: `GET ${PATH}`, baseline: PLAIN, rows, notes }], goals: [], notes: [] };
  } finally {
    await Promise.all(started.map((t) => t.stop()));
  }
}
