import { createHash } from 'node:crypto';
import type { SssomMapping } from '../ingest/source-types.ts';
import type { DiseaseRecord, ObsoleteEntry } from '../record/record-types.ts';
import { dataOf } from '../../server/contract/api/envelope.ts';
import type { DownloadName } from '../../server/contract/api/download-files.ts';
import type { DownloadEntry, DownloadPart, DownloadsDoc } from '../../server/contract/snapshot/downloads.ts';
import { contentHash, type ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { gzipLines, row, sha256Of } from './gzip-lines.ts';
import type { ObjectStore } from './object-store.ts';

export interface DownloadInputs {
  store: ObjectStore;
  /** The published snapshot's download index (its parts are reused when made from the same input). */
  previous: DownloadsDoc | null;
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
 * The release's download files (server/contract/api/download-files.ts), gzip-compressed and stored as
 * objects in the packs, with their index. Each is made from what the snapshot serves: the stored
 * record bodies, the records' facts, Mondo's mappings of served diseases.
 */
export async function writeDownloads(o: DownloadInputs): Promise<DownloadsDoc> {
  const files: DownloadEntry[] = [];
  const write = async (name: DownloadName, lines: Iterable<string | Buffer>) => {
    const { bytes, rows } = await gzipLines(lines);
    const [hash] = await o.store.put(bytes, undefined, false);
    files.push({ name, size: bytes.length, sha256: sha256Of([bytes]), rows, parts: [{ hash, size: bytes.length }] });
  };
  const records = [...o.records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  files.push(await recordDump(o, records));
  await write('diseases.tsv.gz', diseaseRows(records));
  await write('phenotypes.tsv.gz', phenotypeRows(records));
  await write('designations.tsv.gz', designationRows(records));
  await write('xrefs.sssom.tsv.gz', sssomRows(o, new Set(records.map((r) => r.id)), new Map(records.map((r) => [r.id, r.name]))));
  // Header lines are not rows of content.
  for (const f of files) if (f.name.endsWith('.tsv.gz')) f.rows -= f.name === 'xrefs.sssom.tsv.gz' ? SSSOM_HEADER_LINES : 1;
  return { release: o.release, snapshot: o.snapshot, files };
}

/** A part of the record dump ends after a record whose id hashes to this byte (1 in 256), or at PART_MAX records. */
const CUT = 0;
const PART_MAX = 1024;

/**
 * The record dump (one stored record `data` per line) as a multi-member gzip file. Parts end at
 * points chosen by the records' ids, not by position, so adding or removing a disease moves no
 * other boundary; a part made from the same bodies as the published one is reused as it is.
 */
async function recordDump(o: DownloadInputs, records: readonly DiseaseRecord[]): Promise<DownloadEntry> {
  const prior = new Map<string, DownloadPart>();
  for (const p of o.previous?.files.find((f) => f.name === 'records.jsonl.gz')?.parts ?? []) if (p.input) prior.set(p.input, p);
  const parts: DownloadPart[] = [];
  // The file's bytes, part by part, for its SHA-256: those just compressed, or the reused part's stored bytes.
  const stored: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < records.length; i++) {
    const last = i === records.length - 1 || i + 1 - start >= PART_MAX || createHash('sha256').update(records[i].id).digest()[0] === CUT;
    if (!last) continue;
    const group = records.slice(start, i + 1);
    start = i + 1;
    const input = contentHash(group.map((r) => `${r.id}:${o.entries[r.id][0]}`).join('\n'));
    const reuse = prior.get(input);
    if (reuse && o.store.has(reuse.hash)) {
      parts.push({ hash: reuse.hash, size: reuse.size, input });
      stored.push(o.store.read(reuse.hash));
      continue;
    }
    const { bytes } = await gzipLines(group.map((r) => dataOf(o.store.read(o.entries[r.id][0]))));
    const [hash] = await o.store.put(bytes, undefined, false);
    parts.push({ hash, size: bytes.length, input });
    stored.push(bytes);
  }
  const size = parts.reduce((n, p) => n + p.size, 0);
  return { name: 'records.jsonl.gz', size, sha256: sha256Of(stored), rows: records.length, parts };
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
