import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contentHash, type ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { diseaseKey, SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { PACKS_DIR, PackIndex, packFile, packIndexFile, readPackedSync, span } from '../../server/contract/snapshot/packs.ts';
import { PackWriter } from '../../build/compile/pack-writer.ts';
import type { Encoding } from '../../server/contract/snapshot/packs.ts';
import { Snapshot } from '../../server/snapshot/snapshot.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { prngPick } from './fuzz-cases.ts';
import { Client, figure, fmt, type PartServer, partDir, startPartServer } from './harness.ts';
import { partKeys } from './keys.ts';
import { problemFault } from './problem-check.ts';

const PART = 'corrupt-object';
// The build stores identity and gzip (no brotli variant since 2026-11-27).
const ENCODINGS: Encoding[] = ['identity', 'gzip'];
const ACCEPT: Record<Encoding, string> = { identity: 'identity', br: 'br', gzip: 'gzip' };

/** 16 bytes flipped in the middle of a span of a file (its size unchanged, as a bad sector or a stray write would leave it). */
function flip(file: string, [offset, length]: [number, number]): void {
  const b = readFileSync(file);
  const at = offset + Math.max(0, Math.floor(length / 2) - 8);
  for (let i = at; i < Math.min(offset + length, at + 16); i++) b[i] ^= 0xff;
  writeFileSync(file, b);
}

/**
 * A dist/ that shares the real snapshot's documents and packs through symlinks, and lists two
 * packs of its own after them (so they are searched first): one with copies of `damaged` objects
 * whose bytes the caller then flips, and one holding `missing`, whose pack file is then deleted.
 * The real dist/ the other tests use is never touched.
 */
function shadowDist(
  dir: string,
  real: Snapshot,
  damaged: string[],
  missing: string,
): { dist: string; pack: string; spans: (hash: string, e: Encoding) => [number, number] } {
  const dist = join(dir, 'dist');
  const id = real.manifest.snapshot;
  const snap = join(dist, 'snapshots', id);
  mkdirSync(snap, { recursive: true });
  mkdirSync(join(dist, PACKS_DIR));
  for (const f of readdirSync(real.dir)) if (f !== SNAPSHOT_FILES.packs) symlinkSync(join(real.dir, f), join(snap, f));
  symlinkSync(`snapshots/${id}`, join(dist, 'current'));
  symlinkSync(join(REAL_DIST, 'docs'), join(dist, 'docs'));
  const packs = [...real.packs.lookup.doc.packs];
  for (const p of packs) for (const f of [packFile(p.name), packIndexFile(p.name)]) symlinkSync(join(REAL_DIST, f), join(dist, f));
  const copy = (hashes: string[]) => {
    const writer = new PackWriter(dist);
    for (const h of hashes)
      writer.append(
        h,
        readPackedSync(real.packs.lookup, h),
        ...((['br', 'gzip'] as const).map((e) => nonEmpty(readPackedSync(real.packs.lookup, h, e))) as [Buffer | null, Buffer | null]),
      );
    return writer.finish()[0];
  };
  const bad = copy(damaged);
  const gone = copy([missing]);
  packs.push(bad, gone);
  writeFileSync(join(snap, SNAPSHOT_FILES.packs), JSON.stringify({ format: 1, packs }));
  unlinkSync(join(dist, packFile(gone.name)));
  const index = new PackIndex(bad.name, readFileSync(join(dist, packIndexFile(bad.name))));
  return { dist, pack: join(dist, packFile(bad.name)), spans: (hash, e) => span(index.find(hash)!, e) };
}

const nonEmpty = (b: Buffer) => (b.length ? b : null);

/** Whether an answer's bytes are what was published: its identity bytes hash to its ETag. */
function published(body: Buffer, encoding: string | undefined, etag: string): boolean {
  const identity = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return etag === `W/"${contentHash(identity)}"`;
}

describe('reliability: a corrupt or missing object in dist/', () => {
  let server: PartServer;
  let client: Client;
  let key: string;
  let dir: string;
  let real: Snapshot;
  const A = diseaseKey('MONDO:0007739', 'summary');
  const B = 'MONDO:0009061';
  const C = diseaseKey('MONDO:0010679', 'phenotypes');

  before(async () => {
    await ensureRealSnapshot();
    dir = partDir(PART);
    real = new Snapshot(REAL_DIST, 0);
    const a = real.require(A);
    const b = real.require(B);
    const c = real.require(C);
    const shadow = shadowDist(dir, real, [a[0], b[0]], c[0]);
    for (const e of ENCODINGS) flip(shadow.pack, shadow.spans(a[0], e));
    flip(shadow.pack, shadow.spans(b[0], 'gzip'));
    const dist = shadow.dist;
    const { file, keys } = partKeys(dir, PART);
    key = keys.enterprise;
    server = await startPartServer({
      DIST_DIR: dist,
      KEYS_FILE: file,
      QUOTA_STATE_FILE: join(dir, 'quota-state.json'),
      LOG_FILE: join(dir, 'server.log'),
      WEBHOOK_DIR: join(dir, 'webhooks'),
      WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
      METRICS_PORT: '0',
    });
    client = new Client(server.url, 8);
  });

  after(async () => {
    client?.close();
    await server?.stop();
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
  });

  const get = (path: string, encoding: Encoding) =>
    client.send({ method: 'GET', path, headers: { authorization: `Bearer ${key}`, 'accept-encoding': ACCEPT[encoding] } });

  it('never answers 200 with damaged bytes: a 500 problem, logged once per object; a damaged variant falls back to identity; everything else serves', async () => {
    const answers: string[] = [];
    for (let round = 0; round < 2; round++)
      for (const e of ENCODINGS) {
        const x = await get('/api/v1/diseases/MONDO:0007739/summary', e);
        assert.equal(x.status, 500, `summary in ${e}`);
        assert.equal(problemFault(x, 'GET'), null);
        assert.match(JSON.parse(x.body.toString()).detail, /integrity check/);
        if (round === 0) answers.push(`${e} ${x.status}`);
      }
    const bGz = await get(`/api/v1/diseases/${B}`, 'gzip');
    assert.equal(bGz.status, 200);
    assert.equal(bGz.headers['content-encoding'], undefined, 'the damaged gzip variant is not sent');
    assert.ok(published(bGz.body, undefined, String(bGz.headers.etag)));
    for (const e of ['identity', 'gzip'] as const) {
      const x = await get('/api/v1/diseases/MONDO:0010679/phenotypes', e);
      assert.equal(x.status, 500, `an object whose pack file is missing, in ${e}`);
      assert.equal(problemFault(x, 'GET'), null);
    }

    // Every other response keeps serving, with the published bytes.
    const ids = real.rows.map((r) => r.id);
    const pick = prngPick(22);
    let others = 0;
    for (let i = 0; i < 300; i++) {
      const id = pick(ids);
      if (id === 'MONDO:0007739' || id === 'MONDO:0010679' || id === B) continue;
      const e = pick(ENCODINGS);
      const x = await get(`/api/v1/diseases/${id}${pick(['', '/summary', '/phenotypes', '/screening'])}`, e);
      assert.equal(x.status, 200, id);
      assert.ok(published(x.body, x.headers['content-encoding'] as string | undefined, String(x.headers.etag)), id);
      others++;
    }
    const logged = await waitFor('the integrity lines in the log', () => {
      const lines = readFileSync(join(dir, 'server.log'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('failed its integrity check'));
      return lines.length >= 5 ? lines : undefined;
    });
    const metrics = await (await fetch(server.metrics!)).text();
    const counted = [...metrics.matchAll(/^dcs_stored_objects_damaged_total\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
    figure(
      PART,
      `summary of MONDO:0007739 with 16 bytes flipped in identity and gzip: ${answers.join(', ')} (problem internal, "failed its integrity check"), twice each; cystic fibrosis record with a damaged gzip variant: 200 identity with the published bytes; an object whose pack file is missing: 500 in identity and gzip; ${others} other responses 200 with the published bytes; ${logged.length} log lines (one per damaged object, ${counted} in dcs_stored_objects_damaged_total)`,
      { logged: logged.length, counted, others },
    );
    assert.equal(logged.length, 5);
    assert.equal(counted, 5);
  });

  it('prints what the check costs: per read from storage, and nothing on a hit in memory', async () => {
    const snap = new Snapshot(REAL_DIST, 0);
    const pick = prngPick(23);
    const entries: ManifestEntry[] = [];
    for (const id of real.rows.map((r) => r.id)) {
      const e = snap.entry(id);
      if (e && e[3] > 0 && pick([true, false, false, false])) entries.push(e);
      if (entries.length >= 2000) break;
    }
    const time = async (f: (e: ManifestEntry) => Promise<unknown>) => {
      const t0 = performance.now();
      for (const e of entries) await f(e);
      return ((performance.now() - t0) * 1000) / entries.length;
    };
    const result: Record<string, { raw: number; checked: number }> = {};
    for (const enc of ['identity', 'gzip'] as const) {
      const raws: number[] = [];
      const checkeds: number[] = [];
      for (let round = 0; round < 3; round++) {
        raws.push(await time((e) => snap.packs.read(e[0], enc)));
        checkeds.push(await time((e) => snap.body(e, enc)));
      }
      result[enc] = { raw: Math.min(...raws), checked: Math.min(...checkeds) };
    }
    const avg = entries.reduce((n, e) => n + e[1], 0) / entries.length;
    const line = (enc: string) =>
      `${enc} ${fmt(result[enc].raw, 1)} -> ${fmt(result[enc].checked, 1)} µs (+${fmt(result[enc].checked - result[enc].raw, 1)} µs)`;
    figure(
      PART,
      `cost of the check per read from storage (${entries.length} records, mean ${fmt(avg / 1024, 1)} KB, page cache warm, best of 3): ${line('identity')}, ${line('gzip')}; a body served from memory is not checked again (0 µs)`,
      { costs: result, meanBytes: avg },
    );
  });
});
