import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';

const NEWLINE = Buffer.from('\n');

/** Lines are handed to zlib in batches of about this many bytes: one write per line cost a thread-pool trip each. */
const BATCH_BYTES = 1 << 16;

/**
 * Gzip lines as a stream into memory (one download file or one part of the record dump: tens of
 * MB before compression at most), counting them. Deflate's output does not depend on how its input
 * is cut into writes, so the batching changes no byte.
 */
export async function gzipLines(lines: Iterable<string | Buffer>): Promise<{ bytes: Buffer; rows: number }> {
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, 'end');
  let rows = 0;
  let batch: Buffer[] = [];
  let batched = 0;
  const flush = async () => {
    const ok = gzip.write(Buffer.concat(batch, batched));
    batch = [];
    batched = 0;
    if (!ok) await once(gzip, 'drain');
  };
  for (const line of lines) {
    rows++;
    const b = typeof line === 'string' ? Buffer.from(`${line}\n`) : Buffer.concat([line, NEWLINE]);
    batch.push(b);
    batched += b.length;
    if (batched >= BATCH_BYTES) await flush();
  }
  if (batched > 0) await flush();
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
