import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a scan found: files and bytes looked at, and every leak (file, what, where). */
export interface ScanResult {
  files: number;
  bytes: number;
  leaks: { file: string; what: string; at: number }[];
}

/** Anything shaped like an API key or a signing secret, known or not. */
const SHAPES = /svc_(?:live|test)_[0-9A-Za-z]{20,}|whsec_[A-Za-z0-9+/]{20,}/g;
const CHUNK = 64 * 1024 * 1024;
const OVERLAP = 128;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Look through every file under `roots` (but `skip`) for the `secrets`: each in full, its random
 * part alone (a key's 38 characters after `svc_live_`, a secret's base64 after `whsec_`, as they
 * would appear if written without their prefix), and anything shaped like a key or secret at all.
 * Files are read in 64 MB chunks, so logs of any size are scanned.
 */
export function scanForSecrets(roots: string[], secrets: string[], skip: (file: string) => boolean): ScanResult {
  const bodies = secrets.map((s) => s.replace(/^(svc_(?:live|test)_|whsec_)/, '').slice(0, 16)).filter((b) => b.length >= 12);
  const probe = bodies.length ? new RegExp(bodies.map(escapeRegExp).join('|'), 'g') : null;
  const result: ScanResult = { files: 0, bytes: 0, leaks: [] };
  const scanText = (file: string, text: string, offset: number) => {
    for (const m of text.matchAll(SHAPES))
      result.leaks.push({ file, what: `${m[0].slice(0, 12)}... (shaped like a key or secret)`, at: offset + (m.index ?? 0) });
    if (probe)
      for (const m of text.matchAll(probe))
        result.leaks.push({ file, what: `${m[0].slice(0, 6)}... (the random part of a known key or secret)`, at: offset + (m.index ?? 0) });
  };
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (skip(p)) continue;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        result.files++;
        const size = statSync(p).size;
        result.bytes += size;
        const fd = openSync(p, 'r');
        try {
          const buf = Buffer.alloc(Math.min(size, CHUNK + OVERLAP));
          for (let at = 0; at < size; at += CHUNK) {
            const n = readSync(fd, buf, 0, buf.length, at);
            scanText(p, buf.subarray(0, n).toString('latin1'), at);
          }
        } finally {
          closeSync(fd);
        }
      }
    }
  };
  for (const r of roots) walk(r);
  // A match in an overlap is found twice: once is enough.
  const seen = new Set<string>();
  result.leaks = result.leaks.filter((l) => {
    const k = `${l.file}:${l.at}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return result;
}
