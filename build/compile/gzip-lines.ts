import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';

/**
 * Write lines to a gzip file as a stream (a release's record dump is hundreds of MB before
 * compression, more than should sit in memory at once), hashing the compressed bytes on the way.
 */
export async function writeGzipLines(
  file: string,
  lines: Iterable<string | Buffer>,
): Promise<{ size: number; sha256: string; rows: number }> {
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let size = 0;
  gzip.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  gzip.pipe(out);
  let rows = 0;
  for (const line of lines) {
    rows++;
    // Both writes always happen; only then wait if the stream asked to.
    const wrote = gzip.write(line);
    if (!gzip.write('\n') || !wrote) await once(gzip, 'drain');
  }
  gzip.end();
  await once(out, 'finish');
  return { size, sha256: hash.digest('hex'), rows };
}

/** One TSV cell: tabs and line breaks would break the row, so they become spaces; null is empty. */
export function cell(v: string | number | boolean | null | undefined): string {
  return v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]+/g, ' ');
}

/** A TSV row from cells. */
export function row(cells: (string | number | boolean | null | undefined)[]): string {
  return cells.map(cell).join('\t');
}
