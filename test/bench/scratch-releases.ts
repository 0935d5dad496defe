import { mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PackWriter } from '../../build/compile/pack-writer.ts';
import { contentHash } from '../../server/contract/snapshot/manifest.ts';
import type { Change, ReleaseEntry, ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import { PACKS_DIR, type PacksDoc } from '../../server/contract/snapshot/packs.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { encodeSnapshotDoc, readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import type { SnapshotSource } from './snapshot-source.ts';

/**
 * A scratch dist over a built snapshot, for publishing made-up releases to the real server: its
 * packs are the snapshot's (each a symlink), and what a release adds (its change list) goes into
 * a pack of its own, so the source dist is never written to.
 */
export class ScratchReleases {
  readonly #dist: string;
  readonly #src: SnapshotSource;
  readonly #names: Map<string, string>;
  readonly #releases: ReleaseEntry[] = [];
  readonly #packs: PacksDoc['packs'];

  constructor(dist: string, src: SnapshotSource) {
    this.#dist = dist;
    this.#src = src;
    this.#names = new Map(src.rows.map((r) => [r.id, r.name]));
    mkdirSync(join(dist, 'snapshots'), { recursive: true });
    mkdirSync(join(dist, PACKS_DIR));
    this.#packs = [...readSnapshotJson<PacksDoc>(src.dir, SNAPSHOT_FILES.packs).packs];
    for (const p of this.#packs)
      for (const ext of ['.pack', '.idx']) symlinkSync(join(src.dist, PACKS_DIR, p.name + ext), join(dist, PACKS_DIR, p.name + ext));
  }

  /** Publish a copy of the snapshot as the next release, changing `changed` diseases; returns the snapshot id. */
  publish(changed: string[]): string {
    const n = this.#releases.length + 1;
    const id = `${this.#src.manifest.snapshot}-webhooks-${n}`;
    const dir = join(this.#dist, 'snapshots', id);
    mkdirSync(dir);
    for (const f of readdirSync(this.#src.dir))
      if (f !== SNAPSHOT_FILES.manifest && f !== SNAPSHOT_FILES.releases && f !== SNAPSHOT_FILES.packs)
        symlinkSync(join(this.#src.dir, f), join(dir, f));
    const manifest = JSON.stringify({ ...this.#src.manifest, snapshot: id });
    writeFileSync(join(dir, SNAPSHOT_FILES.manifest), encodeSnapshotDoc(SNAPSHOT_FILES.manifest, manifest));
    const changes: Change[] = changed.map((d) => ({
      id: d,
      name: this.#names.get(d) ?? d,
      kind: 'changed',
      release: `r${n}`,
      sections: ['overview'],
      fields: ['metadata'],
      before: { version: n - 1, contentVersion: `v${n - 1}` },
      after: { version: n, contentVersion: `v${n}` },
      replacedBy: null,
      consider: [],
    }));
    const bytes = Buffer.from(JSON.stringify(changes));
    const hash = contentHash(bytes);
    const writer = new PackWriter(this.#dist);
    writer.append(hash, bytes, null, null);
    this.#packs.push(...writer.finish());
    writeFileSync(join(dir, SNAPSHOT_FILES.packs), JSON.stringify({ format: 1, packs: this.#packs } satisfies PacksDoc));
    const previous = this.#releases.at(-1)?.id ?? null;
    this.#releases.push({
      id: `r${n}`,
      publishedAt: new Date().toISOString(),
      snapshot: id,
      previous,
      code: { apiVersion: 'bench', commit: null, inputFingerprint: this.#src.manifest.inputFingerprint },
      sources: [],
      counts: { added: 0, changed: changed.length, removed: 0, unchanged: this.#src.rows.length - changed.length },
      changes: [hash, bytes.length, 0, 0],
    });
    const doc: ReleasesDoc = { format: 1, keep: null, releases: this.#releases };
    writeFileSync(join(dir, SNAPSHOT_FILES.releases), JSON.stringify(doc));
    symlinkSync(`snapshots/${id}`, join(this.#dist, 'current.tmp'));
    renameSync(join(this.#dist, 'current.tmp'), join(this.#dist, 'current'));
    return id;
  }
}
