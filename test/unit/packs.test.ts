import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PackWriter } from '../../build/compile/pack-writer.ts';
import { contentHash } from '../../server/contract/snapshot/manifest.ts';
import { encodePackIndex, PackIndex, PackLookup, packFile, readPackedSync, span } from '../../server/contract/snapshot/packs.ts';
import { PackReader } from '../../server/snapshot/pack-reader.ts';

const body = (s: string) => Buffer.from(s);
const h = (s: string) => contentHash(body(s));

describe('pack files', () => {
  test('an index finds every object by hash and nothing else; records are sorted whatever the input order', () => {
    const objects = ['c', 'a', 'b'].map((s, i) => ({ hash: h(s), offset: i * 1000 + 2 ** 33, size: 10 + i, br: i, gzip: 2 * i }));
    const idx = new PackIndex('p', encodePackIndex(objects));
    assert.equal(idx.count, 3);
    for (const o of objects) assert.deepEqual(idx.find(o.hash), { pack: 'p', offset: o.offset, size: o.size, br: o.br, gzip: o.gzip });
    assert.equal(idx.find(h('d')), null);
    assert.deepEqual(
      [...idx.objects()].map((o) => o.hash),
      objects.map((o) => o.hash).sort(),
    );
    assert.throws(() => new PackIndex('q', Buffer.from('not an index')), /packs\/q\.idx is not a pack index/);
    assert.throws(() => new PackIndex('q', encodePackIndex(objects).subarray(0, 50)), /packs\/q\.idx is truncated/);
  });

  test('encodings lie identity, brotli, gzip, one after another', () => {
    const o = { offset: 100, size: 50, br: 20, gzip: 25 };
    assert.deepEqual(
      ['identity', 'br', 'gzip'].map((e) => span(o, e as 'br')),
      [
        [100, 50],
        [150, 20],
        [170, 25],
      ],
    );
  });

  test('the writer names each pack by the hash of its bytes, after its index, and rolls over at the size bound', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dcs-packs-'));
    const writer = new PackWriter(dist, 36);
    const a = writer.append(h('a'.repeat(30)), body('a'.repeat(30)), body('BR'), body('GZIP'));
    const b = writer.append(h('b'), body('b'), null, null);
    const c = writer.append(h('c'), body('c'), null, null);
    assert.deepEqual(writer.read(a, 'br'), body('BR'), 'an unfinished pack is readable');
    const done = writer.finish();
    assert.equal(done.length, 2, 'the first pack closed at 36 bytes');
    const first = readFileSync(join(dist, packFile(done[0].name)));
    assert.equal(done[0].name, contentHash(first));
    assert.deepEqual([done[0].bytes, done[0].objects, done[1].objects], [36, 1, 2]);
    assert.equal(first.length, 36);
    assert.deepEqual([a.pack, b.pack, c.pack], [done[0].name, done[1].name, done[1].name], 'the objects are renamed with their pack');
    const lookup = new PackLookup(dist, { format: 1, packs: done });
    assert.deepEqual(readPackedSync(lookup, h('a'.repeat(30)), 'gzip'), body('GZIP'));
    assert.deepEqual(readPackedSync(lookup, h('c')), body('c'));
    assert.deepEqual(readdirSync(join(dist, 'packs')).sort(), done.flatMap((p) => [`${p.name}.idx`, `${p.name}.pack`]).sort());

    const reader = new PackReader(lookup);
    assert.deepEqual(await reader.read(h('b'), 'identity'), body('b'));
    await assert.rejects(reader.read(h('nope'), 'identity'), { code: 'ENOENT' });
    // A download's parts, streamed as one file, and a range across the boundary of two parts.
    const parts = [
      { hash: h('b'), size: 1 },
      { hash: h('c'), size: 1 },
      { hash: h('a'.repeat(30)), size: 30 },
    ];
    const all = async (s: NodeJS.ReadableStream) => {
      const chunks: Buffer[] = [];
      for await (const x of s) chunks.push(x as Buffer);
      return Buffer.concat(chunks).toString();
    };
    assert.equal(await all(reader.stream(parts, 0, 31)), `bc${'a'.repeat(30)}`);
    assert.equal(await all(reader.stream(parts, 1, 3)), 'caa');
    reader.close();
  });

  test('abort removes unfinished packs; a new writer removes temporary packs of dead builds only', () => {
    const dist = mkdtempSync(join(tmpdir(), 'dcs-packs-'));
    const writer = new PackWriter(dist);
    writer.append(h('x'), body('x'), null, null);
    assert.equal(readdirSync(join(dist, 'packs')).length, 1);
    writer.abort();
    assert.deepEqual(readdirSync(join(dist, 'packs')), []);
    // pid 2**22 + 1 is above Linux's pid limit: no process has it.
    writeFileSync(join(dist, 'packs', `.tmp-${2 ** 22 + 1}-1`), 'left by a killed build');
    writeFileSync(join(dist, 'packs', `.tmp-${2 ** 22 + 1}-1.idx`), 'its index, half written');
    writeFileSync(join(dist, 'packs', `.tmp-${process.pid}-9`), 'this process is alive');
    new PackWriter(dist);
    assert.deepEqual(readdirSync(join(dist, 'packs')), [`.tmp-${process.pid}-9`]);
  });
});
