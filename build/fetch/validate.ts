import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { list } from 'tar';
import type { UpstreamFile } from '../ingest/source-entry.ts';

/** SHA-256 of a file, hex. */
export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Does `name` match a one-`*` pattern such as `ORPHApacket_*.json`? */
export function matchesPattern(name: string, pattern: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return name === pattern;
  const head = pattern.slice(0, star);
  const tail = pattern.slice(star + 1);
  return name.length >= head.length + tail.length && name.startsWith(head) && name.endsWith(tail);
}

/** The archive path below its top folder (`orphapacket-abc123/json/x.json` -> `json/x.json`). */
export function belowTopFolder(path: string): string {
  const cut = path.indexOf('/');
  return cut < 0 ? '' : path.slice(cut + 1);
}

/**
 * Why a downloaded file cannot be a good copy of `path`, or null when it passes: empty, an HTML
 * page where data was expected (error pages served with 200), gzip data that does not inflate,
 * JSON that does not parse, an .xlsx that is not a complete zip, text that is not UTF-8, a tar
 * without the files to unpack. A failed check means the file in DATA_DIR is kept.
 */
export async function checkDownload(file: string, path: string, unpack?: UpstreamFile['unpack']): Promise<string | null> {
  const raw = readFileSync(file);
  if (raw.length === 0) return 'empty file';
  let bytes = raw;
  if (path.endsWith('.gz')) {
    try {
      bytes = gunzipSync(raw);
    } catch {
      return 'truncated or corrupt gzip data';
    }
  }
  const name = path.replace(/\.gz$/, '');
  const head = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (!name.endsWith('.html') && (head.startsWith('<!doctype html') || head.startsWith('<html')))
    return 'an HTML page, not the data file (an error or login page?)';
  if (name.endsWith('.tar')) return checkTar(file, unpack);
  if (name.endsWith('.xlsx')) {
    if (bytes.readUInt32LE(0) !== 0x04034b50) return 'not an .xlsx workbook (no zip signature)';
    if (bytes.subarray(Math.max(0, bytes.length - 65_557)).lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) < 0)
      return 'truncated .xlsx workbook (no zip end record)';
    return null;
  }
  if (name.endsWith('.json')) {
    try {
      JSON.parse(bytes.toString('utf8'));
    } catch (err) {
      return `invalid JSON (${(err as Error).message})`;
    }
    return null;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not UTF-8 text';
  }
  return null;
}

async function checkTar(file: string, unpack?: UpstreamFile['unpack']): Promise<string | null> {
  let matching = 0;
  let entries = 0;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        entries++;
        const inner = belowTopFolder(entry.path);
        if (unpack && inner.startsWith(unpack.from) && matchesPattern(inner.slice(unpack.from.length), unpack.files)) matching++;
      },
    });
  } catch (err) {
    return `corrupt tar archive (${(err as Error).message})`;
  }
  if (entries === 0) return 'empty tar archive';
  if (unpack && matching === 0) return `no ${unpack.files} under ${unpack.from} in the archive`;
  return null;
}
