import { lstatSync, mkdirSync, readdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contentHash } from '../../server/contract/snapshot/manifest.ts';
import type { Change, ReleaseEntry, ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import { objectFile, SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import type { SnapshotSource } from './snapshot-source.ts';

/**
 * A scratch dist over a built snapshot, for publishing made-up releases to the real server: its
 * objects are the snapshot's (each fan-out folder a symlink), and what a release adds (its change
 * list) goes into a fan-out folder of its own, so the source dist is never written to.
 */
export class ScratchReleases {
  readonly #dist: string;
  readonly #src: SnapshotSource;
  readonly #names: Map<string, string>;
  readonly #releases: ReleaseEntry[] = [];

  constructor(dist: string, src: SnapshotSource) {
    this.#dist = dist;
    this.#src = src;
    this.#names = new Map(src.rows.map((r) => [r.id, r.name]));
    mkdirSync(join(dist, 'snapshots'), { recursive: true });
    mkdirSync(join(dist, 'objects'));
    for (const fan of readdirSync(join(src.dist, 'objects'))) symlinkSync(join(src.dist, 'objects', fan), join(dist, 'objects', fan));
  }

  /** Publish a copy of the snapshot as the next release, changing `changed` diseases; returns the snapshot id. */
  publish(changed: string[]): string {
    const n = this.#releases.length + 1;
    const id = `${this.#src.manifest.snapshot}-webhooks-${n}`;
    const dir = join(this.#dist, 'snapshots', id);
    mkdirSync(dir);
    for (const f of readdirSync(this.#src.dir))
      if (f !== SNAPSHOT_FILES.manifest && f !== SNAPSHOT_FILES.releases) symlinkSync(join(this.#src.dir, f), join(dir, f));
    writeFileSync(join(dir, SNAPSHOT_FILES.manifest), JSON.stringify({ ...this.#src.manifest, snapshot: id }));
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
    this.#write(objectFile(hash, 'identity'), bytes);
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

  /** Write a file under the scratch dist, first giving its fan-out folder a real folder of its own. */
  #write(rel: string, bytes: Buffer): void {
    const fan = join(this.#dist, dirname(rel));
    let shared = false;
    try {
      shared = lstatSync(fan).isSymbolicLink();
    } catch {
      mkdirSync(fan);
    }
    if (shared) {
      const source = join(this.#src.dist, dirname(rel));
      unlinkSync(fan);
      mkdirSync(fan);
      for (const name of readdirSync(source)) symlinkSync(join(source, name), join(fan, name));
    }
    writeFileSync(join(this.#dist, rel), bytes);
  }
}
