import type { DownloadName } from '../api/downloads.ts';

/** dist/<snapshot>/downloads.json: the files the build wrote under the snapshot's `downloads/`. */
export interface DownloadsDoc {
  /** The release these files belong to (the latest when the snapshot was built), or null before any. */
  release: string | null;
  snapshot: string;
  files: DownloadEntry[];
}

export interface DownloadEntry {
  name: DownloadName;
  /** Bytes of the stored (gzip) file. */
  size: number;
  /** SHA-256 of the stored bytes, hex. */
  sha256: string;
  /** Lines of content (records or rows, headers not counted). */
  rows: number;
  /** Build-only: digest of what the file was made from, so that an unchanged file is reused, not compressed again. */
  inputDigest?: string;
}
