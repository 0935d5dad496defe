import { existsSync, linkSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SssomMapping } from '../ingest/types.ts';
import type { DiseaseRecord, ObsoleteEntry } from '../record/types.ts';
import { dataOf } from '../../server/contract/api/envelope.ts';
import type { DownloadName } from '../../server/contract/api/downloads.ts';
import type { DownloadEntry, DownloadsDoc } from '../../server/contract/snapshot/downloads.ts';
import { contentHash, type ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { downloadFile, objectFile, SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { row, writeGzipLines } from './gzip-lines.ts';

export interface DownloadInputs {
  dist: string;
  staging: string;
  snapshot: string;
  release: string | null;
  records: readonly DiseaseRecord[];
  /** The manifest entries of the compiled bodies: a record's dump line is its stored `data`. */
  entries: Readonly<Record<string, ManifestEntry>>;
  obsoletes: readonly ObsoleteEntry[];
  mappings: readonly SssomMapping[];
  mondoRelease: string;
}

const list = (xs: readonly string[]) => xs.join('|');

/**
 * The release's download files (server/contract/api/downloads.ts), written gzip-compressed under
 * the staging snapshot's `downloads/`, with their index. Each is made from what the snapshot
 * serves: the stored record bodies, the records' facts, Mondo's mappings of served diseases.
 */
export async function writeDownloads(o: DownloadInputs): Promise<DownloadsDoc> {
  mkdirSync(join(o.staging, 'downloads'), { recursive: true });
  const files: DownloadEntry[] = [];
  const write = async (name: DownloadName, lines: Iterable<string | Buffer>) => {
    files.push({ name, ...(await writeGzipLines(join(o.staging, downloadFile(name)), lines)) });
  };
  const records = [...o.records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // The dump is the stored record bodies: the same bodies give the same file, so the current
  // snapshot's is linked instead of compressing some 350 MB again.
  const digest = contentHash(records.map((r) => `${r.id}:${o.entries[r.id][0]}`).join('\n'));
  const prior = reusable(o.dist, 'records.jsonl.gz', digest);
  if (prior) {
    linkSync(prior.file, join(o.staging, downloadFile('records.jsonl.gz')));
    files.push(prior.entry);
  } else {
    await write('records.jsonl.gz', recordLines(o.dist, records, o.entries));
    files[0].inputDigest = digest;
  }
  await write('diseases.tsv.gz', diseaseRows(records));
  await write('phenotypes.tsv.gz', phenotypeRows(records));
  await write('designations.tsv.gz', designationRows(records));
  await write('xrefs.sssom.tsv.gz', sssomRows(o, new Set(records.map((r) => r.id)), new Map(records.map((r) => [r.id, r.name]))));
  // Header lines are not rows of content.
  for (const f of files) if (f.name.endsWith('.tsv.gz')) f.rows -= f.name === 'xrefs.sssom.tsv.gz' ? SSSOM_HEADER_LINES : 1;
  return { release: o.release, snapshot: o.snapshot, files };
}

/** The current snapshot's file of that name when it was made from the same input (and is still there). */
function reusable(dist: string, name: DownloadName, digest: string): { file: string; entry: DownloadEntry } | null {
  const current = join(dist, 'current');
  const index = join(current, SNAPSHOT_FILES.downloads);
  if (!existsSync(index)) return null;
  const entry = (JSON.parse(readFileSync(index, 'utf8')) as DownloadsDoc).files.find((f) => f.name === name);
  const file = join(current, downloadFile(name));
  return entry?.inputDigest === digest && existsSync(file) && statSync(file).size === entry.size ? { file, entry } : null;
}

function* recordLines(dist: string, records: readonly DiseaseRecord[], entries: DownloadInputs['entries']): Iterable<Buffer> {
  for (const r of records) yield dataOf(readFileSync(join(dist, objectFile(entries[r.id][0], 'identity'))));
}

function* diseaseRows(records: readonly DiseaseRecord[]): Iterable<string> {
  yield row([
    'mondo_id',
    'name',
    'is_rare',
    'inheritance',
    'onset',
    'prevalence_category',
    'genes',
    'causal_genes',
    'parents',
    'quality_score',
    'last_changed',
  ]);
  for (const r of records)
    yield row([
      r.id,
      r.name,
      r.isRare,
      list(r.inheritance.map((v) => v.term)),
      list(r.onset.map((v) => v.term)),
      r.prevalenceCategory,
      list(r.genes.map((g) => g.symbol)),
      list(r.genes.filter((g) => g.association.startsWith('causal')).map((g) => g.symbol)),
      list(r.parents.map((p) => p.id)),
      r.metadata.qualityScore,
      r.metadata.lastChanged,
    ]);
}

function* phenotypeRows(records: readonly DiseaseRecord[]): Iterable<string> {
  yield row([
    'mondo_id',
    'disease_name',
    'hpo_id',
    'hpo_label',
    'negated',
    'frequency_label',
    'frequency_percent',
    'frequency_hpo_id',
    'frequency_raw',
    'sources',
    'source_disease_ids',
  ]);
  for (const r of records)
    for (const p of r.phenotypes)
      yield row([
        r.id,
        r.name,
        p.hpoId,
        p.label,
        p.negated,
        p.frequency?.label,
        p.frequency?.percent,
        p.frequency?.hpoId,
        p.frequency?.raw,
        list(p.sources.map((s) => `${s.source}:${s.release}`)),
        list(p.sources.map((s) => s.diseaseId)),
      ]);
}

function* designationRows(records: readonly DiseaseRecord[]): Iterable<string> {
  yield row([
    'mondo_id',
    'disease_name',
    'generic_name',
    'trade_name',
    'status',
    'designation',
    'date_designated',
    'marketing_approval_date',
    'date_withdrawn',
    'sponsor',
    'link_method',
    'link_text',
    'fda_url',
    'source',
    'source_release',
  ]);
  for (const r of records)
    for (const d of r.orphanDrugs)
      yield row([
        r.id,
        r.name,
        d.genericName,
        d.tradeName,
        d.status,
        d.designation,
        d.dateDesignated,
        d.marketingApprovalDate,
        d.dateWithdrawn,
        d.sponsor,
        d.link.method,
        d.link.matchedText,
        d.fdaUrl,
        d.provenance.source,
        d.provenance.release,
      ]);
}

const SSSOM_HEADER_LINES = 10;

function* sssomRows(o: DownloadInputs, served: Set<string>, names: Map<string, string>): Iterable<string> {
  const replacement = new Map(o.obsoletes.filter((x) => x.replacedBy).map((x) => [x.id, x.replacedBy as string]));
  // 9 header lines and the column line: SSSOM_HEADER_LINES.
  yield '# curie_map:';
  yield '#   MONDO: http://purl.obolibrary.org/obo/MONDO_';
  yield '#   skos: http://www.w3.org/2004/02/skos/core#';
  yield '#   oboInOwl: http://www.geneontology.org/formats/oboInOwl#';
  yield '#   semapv: https://w3id.org/semapv/vocab/';
  yield `# mapping_set_id: https://disease-content-service.dev/downloads/${o.snapshot}/xrefs.sssom.tsv`;
  yield `# mapping_set_version: ${o.mondoRelease}`;
  yield '# license: https://creativecommons.org/publicdomain/zero/1.0/';
  yield "# comment: Mondo's SSSOM mappings (release above) of the diseases this service serves; a mapping stated for an obsolete Mondo class is given to its replacement.";
  yield row(['subject_id', 'subject_label', 'predicate_id', 'object_id', 'object_label', 'mapping_justification', 'comment']);
  const predicate = (p: SssomMapping['predicate']) => (p === 'hasDbXref' ? 'oboInOwl:hasDbXref' : `skos:${p}`);
  const seen = new Set<string>();
  for (const m of o.mappings) {
    const subject = served.has(m.subject) ? m.subject : replacement.get(m.subject);
    if (subject === undefined || !served.has(subject)) continue;
    const key = `${subject}\0${m.predicate}\0${m.object}`;
    if (seen.has(key)) continue;
    seen.add(key);
    yield row([
      subject,
      names.get(subject),
      predicate(m.predicate),
      m.object,
      m.objectLabel,
      m.justification,
      subject === m.subject ? null : `stated for obsolete ${m.subject}`,
    ]);
  }
}
