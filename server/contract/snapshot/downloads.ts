import type { DownloadName } from '../api/download-files.ts';

/** dist/<snapshot>/downloads.json: the release's download files, each stored as objects in the packs. */
export interface DownloadsDoc {
  /** The release these files belong to (the latest when the snapshot was built), or null before any. */
  release: string | null;
  snapshot: string;
  files: DownloadEntry[];
}

export interface DownloadEntry {
  name: DownloadName;
  /** Bytes of the stored (gzip) file: the sum of its parts. */
  size: number;
  /** SHA-256 of the stored bytes, hex. */
  sha256: string;
  /** Lines of content (records or rows, headers not counted). */
  rows: number;
  /**
   * The file's bytes are these objects (identity only) one after another. A file of several parts
   * is a multi-member gzip stream (RFC 1952 §2.2), which gunzip reads as one: the record dump is
   * cut into parts at stable points, so a release that changes one disease stores one new part,
   * not the whole dump again.
   */
  parts: DownloadPart[];
}

export interface DownloadPart {
  hash: string;
  size: number;
  /** Build-only: digest of what the part was made from, so that an unchanged part is reused, not compressed again. */
  input?: string;
}
