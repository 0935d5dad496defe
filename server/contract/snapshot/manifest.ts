import { createHash } from 'node:crypto';

/**
 * The snapshot manifest: route key -> stored object. Entries are arrays to keep a ~400,000-entry
 * manifest small to load: [hash, identity size, brotli size (0 = none), gzip size (0 = none), extra].
 * The ETag is W/"<hash>"; the hash finds the object in the snapshot's packs (packs.ts).
 * `extra` is, for a full record, the byte offset of `"sections":` in the body, and for a section,
 * the end offset of its `data` value; both let the server splice bodies without parsing them.
 */
export type ManifestEntry = [hash: string, size: number, br: number, gzip: number, extra?: number];

export interface ObsoleteInfo {
  label: string;
  replacedBy: string | null;
  consider: string[];
}

export interface Manifest {
  /** 2: objects are in pack files (packs.ts); 1 (before): one file per object under objects/. */
  format: 2;
  snapshot: string;
  builtAt: string;
  /** Fingerprint of every build input; an equal fingerprint means nothing to rebuild. */
  inputFingerprint: string;
  sections: string[];
  entries: Record<string, ManifestEntry>;
  obsolete: Record<string, ObsoleteInfo>;
  counts: { diseases: number; obsolete: number; objects: number };
}

/** The content hash of the manifest, of ETags and of stored object names: SHA-256, base64url, 22 characters (132 bits). */
export function contentHash(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 22);
}

/** ETag header value of an entry: a weak validator over a strong hash, so it holds for every encoding. */
export function etagOf(entry: ManifestEntry): string {
  return `W/"${entry[0]}"`;
}
