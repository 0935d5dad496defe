import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readSssom } from '../../build/ingest/sssom.ts';

/** One reduced phenopacket (see ../shared/data/eval/README.md). */
export interface PhenopacketCase {
  id: string;
  cohort: string;
  diseases: string[];
  observed: string[];
  excluded: string[];
}

/** The cases of a JSONL(.gz) file, at most `perDisease` per diagnosis, in file order (the first ones). */
export function readCases(file: string, perDisease: number): { cases: PhenopacketCase[]; read: number } {
  const raw = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const taken = new Map<string, number>();
  const cases: PhenopacketCase[] = [];
  let read = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    read++;
    const c = JSON.parse(line) as PhenopacketCase;
    const key = c.diseases.join('|');
    const n = taken.get(key) ?? 0;
    if (n >= perDisease) continue;
    taken.set(key, n + 1);
    cases.push(c);
  }
  return { cases, read };
}

/** OMIM id -> the served Mondo ids Mondo maps to it by exact match. */
export function omimToMondo(file: string, served: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of readSssom(file).mappings) {
    if (!m.subject.startsWith('MONDO:') || !served.has(m.subject)) continue;
    const key = m.object.replace(/^omim:/i, 'OMIM:');
    const list = out.get(key) ?? out.set(key, []).get(key)!;
    if (!list.includes(m.subject)) list.push(m.subject);
  }
  return out;
}
