import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The raw releases read on their own (not through build/ingest), so that the lookup check
 * compares the service against the files themselves: SSSOM rows, subclass edges, causal genes,
 * HGNC symbols.
 */

function lines(file: string): string[] {
  const buf = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8').split('\n');
}

/** Rows of a TSV with a header line (after `#` comment lines), as objects by column name. */
function tsv(file: string, skipAfterHeader = 0): Record<string, string>[] {
  const all = lines(file).filter((l) => l !== '' && !l.startsWith('#'));
  const head = all[0].split('\t');
  return all.slice(1 + skipAfterHeader).map((l) => Object.fromEntries(l.split('\t').map((c, i) => [head[i], c])));
}

export interface RawMapping {
  subject: string;
  predicate: string;
  object: string;
}

/** Every row of the Mondo SSSOM files. */
export function rawMappings(dataDir: string): RawMapping[] {
  const dir = join(dataDir, 'mondo/mappings');
  const out: RawMapping[] = [];
  for (const f of readdirSync(dir).filter((n) => n.includes('.sssom.tsv')))
    for (const r of tsv(join(dir, f))) out.push({ subject: r.subject_id, predicate: r.predicate_id, object: r.object_id });
  return out;
}

/** Current is_a edges of the Mondo rare release: child -> parents. */
export function rawParents(dataDir: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const r of tsv(join(dataDir, 'mondo/mondo-rare_edges.tsv.gz')))
    if (r.predicate === 'biolink:subclass_of' && r.subject.startsWith('MONDO:') && r.object.startsWith('MONDO:'))
      (m.get(r.subject) ?? m.set(r.subject, []).get(r.subject)!).push(r.object);
  return m;
}

/** Obsolete Mondo classes and their replacement (empty when none). */
export function rawObsoletes(dataDir: string): Map<string, string> {
  return new Map(tsv(join(dataDir, 'mondo/obsoletes.tsv.gz')).map((r) => [r.cls, r.replCls ?? '']));
}

/** Disease -> causal gene (HGNC id) from Mondo's OMIM gene template. */
export function rawCausalGenes(dataDir: string): { mondoId: string; hgncId: string }[] {
  return tsv(join(dataDir, 'mondo-ingest/mondo-omim-genes.robot.tsv.gz'), 1)
    .filter((r) => r.mondo_id && r.hgnc_id)
    .map((r) => ({
      mondoId: r.mondo_id.replace('http://purl.obolibrary.org/obo/MONDO_', 'MONDO:'),
      hgncId: `HGNC:${r.hgnc_id.split('/').pop()}`,
    }));
}

export interface RawGene {
  hgncId: string;
  symbol: string;
  status: string;
  previous: string[];
}

/** HGNC genes with their previous symbols. */
export function rawGenes(dataDir: string): RawGene[] {
  const dir = join(dataDir, 'hgnc');
  const file = join(dir, readdirSync(dir).find((n) => n.startsWith('hgnc_complete_set'))!);
  return tsv(file).map((r) => ({
    hgncId: r.hgnc_id,
    symbol: r.symbol,
    status: r.status,
    previous: (r.prev_symbol ?? '').replace(/"/g, '').split('|').filter(Boolean),
  }));
}
