import assert from 'node:assert/strict';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { diskFullMessage, isDiskFull } from '../../build/compile/disk-full.ts';
import { contentHash, type ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { redactSecrets } from '../../server/http/redact.ts';
import { type IntegrityError, verifyObject } from '../../server/snapshot/object-integrity.ts';
import { loadOrCreateKey, SecretBox } from '../../server/webhooks/sealed-store.ts';

describe('reliability pieces', () => {
  it('redacts anything shaped like an API key or a signing secret, and leaves other text as it is', () => {
    const key = `svc_live_${'a1B2'.repeat(9)}zz`;
    const secret = 'whsec_QWxhZGRpbjpvcGVuIHNlc2FtZQ+/==';
    assert.equal(redactSecrets(`No endpoint at /api/v1/${key}.`), 'No endpoint at /api/v1/svc_live_[redacted].');
    assert.equal(redactSecrets(`got "${secret}" and ${encodeURIComponent(secret)}`), 'got "whsec_[redacted]" and whsec_[redacted]');
    assert.equal(redactSecrets('svc_ alone, whsec_ alone, MONDO:0007739'), 'svc_ alone, whsec_ alone, MONDO:0007739');
  });

  it('seals signing secrets with the key file, opens them again, reads a legacy clear one, and refuses another key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dcs-seal-'));
    const file = join(dir, 'webhook.key');
    const key = loadOrCreateKey(file);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(loadOrCreateKey(file), key, 'a second start reads the same key');
    const box = new SecretBox(key);
    // A long secret: a short one ('abc') can turn up in random ciphertext by chance (it did once in CI).
    const secret = 'whsec_PlainSigningSecretThatMustNotShow';
    const sealed = box.seal(secret);
    assert.match(sealed, /^sealed:v1:/);
    assert.ok(!sealed.includes('PlainSigningSecretThatMustNotShow'));
    assert.equal(box.open(sealed), secret);
    assert.equal(box.open('whsec_legacy'), 'whsec_legacy');
    assert.throws(() => new SecretBox(Buffer.alloc(32, 7)).open(sealed), /WEBHOOK_KEY_FILE/);
  });

  it('checks stored bytes against the published size and content hash, compressed variants after decompressing', async () => {
    const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(2000) }));
    const br = brotliCompressSync(body);
    const gz = gzipSync(body);
    const entry: ManifestEntry = [contentHash(body), body.length, br.length, gz.length];
    await verifyObject(entry, 'identity', body);
    await verifyObject(entry, 'br', br);
    await verifyObject(entry, 'gzip', gz);
    const flipped = Buffer.from(body);
    flipped[100] ^= 0xff;
    await assert.rejects(verifyObject(entry, 'identity', flipped), (e: IntegrityError) => e.kind === 'hash');
    await assert.rejects(verifyObject(entry, 'identity', body.subarray(1)), (e: IntegrityError) => e.kind === 'size');
    const badBr = Buffer.from(br);
    badBr[Math.floor(badBr.length / 2)] ^= 0xff;
    await assert.rejects(
      verifyObject(entry, 'br', badBr),
      (e: IntegrityError) => e.kind === 'undecodable' || e.kind === 'hash' || e.kind === 'size',
    );
  });

  it('says which disk is full and that the previous snapshot is still served', () => {
    const err = Object.assign(new Error('no space'), { code: 'ENOSPC', path: '/x/dist/objects/ab/c.json.1.tmp' }) as NodeJS.ErrnoException;
    assert.ok(isDiskFull(err));
    assert.ok(!isDiskFull(new Error('other')));
    const msg = diskFullMessage(err, tmpdir(), 'snap-1');
    assert.match(msg, /^build failed: the disk is full \(ENOSPC\): no space left on the disk that holds /);
    assert.match(msg, /the filesystem mounted at \//);
    assert.match(msg, /while writing \/x\/dist\/objects\/ab\/c\.json\.1\.tmp/);
    assert.match(msg, /the previous snapshot snap-1 is still the one served/);
  });
});
