import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';

/**
 * Gzip lines as a stream into memory (one download file or one part of the record dump: tens of
 * MB before compression at most), counting them.
 */
export async function gzipLines(lines: Iterable<string | Buffer>): Promise<{ bytes: Buffer; rows: number }> {
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, 'end');
  let rows = 0;
  for (const line of lines) {
    rows++;
    // Both writes always happen; only then wait if the stream asked to.
    const wrote = gzip.write(line);
    if (!gzip.write('\n') || !wrote) await once(gzip, 'drain');
  }
  gzip.end();
  await ended;
  return { bytes: Buffer.concat(chunks), rows };
}

/** SHA-256 (hex) of byte strings one after another. */
export function sha256Of(parts: Iterable<Buffer>): string {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p);
  return hash.digest('hex');
}

/** One TSV cell: tabs and line breaks would break the row, so they become spaces; null is empty. */
export function cell(v: string | number | boolean | null | undefined): string {
  return v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]+/g, ' ');
}

/** A TSV row from cells. */
export function row(cells: (string | number | boolean | null | undefined)[]): string {
  return cells.map(cell).join('\t');
}
