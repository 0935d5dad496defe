/**
 * Orphanet disorders from the orphapacket JSON: one `{"Orphapacket": {...}}` per line (JSONL, our
 * reshaping) or one per file (the upstream folder).
 *
 * The packets are not uniform: a section is either a list of wrapped items (`[{Gene: {...}}]`), a
 * list of wrapped lists (`[{Parent: [...]}]`), or one wrapper object holding a list
 * (`{Prevalence: [...]}`); ExternalReferences entries are flat (`{Source, Reference, ...}`) or wrapped
 * (`{ExternalReference: {...}}`). {@link sectionItems} flattens every variant.
 *
 * Normalised values: OMIM mapping relation to its code (`E (Exact mapping...)` -> `E`); gene HGNC
 * id as a CURIE (`HGNC:4801`), gene OMIM id and disorder OMIM code as bare numbers; ValMoy
 * `no data` -> null, `0.0` with qualification `Class only` -> null (a placeholder, not a value),
 * otherwise a number; PrevalenceClass `no data` and an absent Source -> null. Other text is kept.
 */
import { HP_ID } from './curie.ts';
import { readText, splitLines } from './read-text.ts';
import { IngestError, type OrphaDisorder, type OrphaGene, type OrphaPrevalence } from './source-types.ts';

type Json = Record<string, unknown>;
const RELATIONS = new Set(['E', 'NTBT', 'BTNT', 'ND']);

/** Every packet of an orphapackets JSONL file, in file order. */
export function readOrphaPackets(file: string): OrphaDisorder[] {
  const lines = splitLines(readText(file));
  const out: OrphaDisorder[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    out.push(readPacket(file, `line ${i + 1}`, lines[i]));
  }
  return out;
}

/**
 * The upstream form: a folder of `ORPHApacket_<code>.json` files, one `{"Orphapacket": {...}}`
 * document each (as in Orphanet/orphapacket `json/`). Returned in ORPHAcode order, as the JSONL is.
 * Errors name the file and the JSON pointer of the packet (`/Orphapacket`).
 */
export function readOrphaPacketFiles(files: string[]): OrphaDisorder[] {
  const out = files.map((file) => readPacket(file, '/Orphapacket', readText(file), ''));
  return out.sort((a, b) => Number(a.orphaCode) - Number(b.orphaCode));
}

/** One packet document; `where` names it in field errors, `docWhere` in JSON errors. */
function readPacket(file: string, where: string, text: string, docWhere = where): OrphaDisorder {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new IngestError(file, docWhere, `invalid JSON: ${(err as Error).message}`);
  }
  const packet = isObject(doc) ? doc.Orphapacket : undefined;
  if (!isObject(packet)) throw new IngestError(file, docWhere, 'missing "Orphapacket" object');
  return toDisorder(new Reader(file, where), packet);
}

/** Field access that names the packet (line or pointer) and the field when the packet is not as expected. */
class Reader {
  constructor(
    readonly file: string,
    readonly where: string,
  ) {}
  fail(detail: string): never {
    throw new IngestError(this.file, this.where, detail);
  }
  text(obj: Json, key: string): string {
    const value = obj[key];
    return typeof value === 'string' ? value : this.fail(`"${key}" is not a string`);
  }
  optional(obj: Json, key: string): string | null {
    const value = obj[key];
    return typeof value === 'string' && value !== '' ? value : null;
  }
}

function toDisorder(r: Reader, p: Json): OrphaDisorder {
  const orphaCode = r.text(p, 'ORPHAcode');
  if (!/^\d+$/.test(orphaCode)) r.fail(`malformed ORPHAcode "${orphaCode}"`);
  const type = p.DisorderType;
  const definition = sectionItems(p.TextSection, 'TextSection')
    .filter(isObject)
    .find((s) => s.TextSectionType === 'Definition' && typeof s.Contents === 'string' && s.Contents !== '');
  return {
    orphaCode,
    label: r.text(p, 'Label'),
    disorderType: isObject(type) ? r.text(type, 'value') : r.fail('missing DisorderType'),
    synonyms: sectionItems(p.Synonyms, 'Synonym').map((s) => (typeof s === 'string' ? s : r.fail('Synonym is not a string'))),
    definition: definition ? (definition.Contents as string) : null,
    omim: objects(r, p.ExternalReferences, 'ExternalReference')
      .filter((x) => x.Source === 'OMIM')
      .map((x) => ({ code: r.text(x, 'Reference'), relation: relation(r, r.text(x, 'DisorderMappingRelation')) })),
    genes: objects(r, p.Genes, 'Gene').map((g) => toGene(r, g)),
    phenotypes: objects(r, p.Phenotypes, 'Phenotype').map((x) => {
      const hpoId = r.text(x, 'HPOId');
      if (!HP_ID.test(hpoId)) r.fail(`malformed HPO id "${hpoId}"`);
      return { hpoId, term: r.text(x, 'HPOTerm'), frequency: r.text(x, 'HPOFrequency') };
    }),
    prevalences: objects(r, p.Prevalences, 'Prevalence').map((x) => toPrevalence(r, x)),
    onsets: objects(r, p.AverageAgeOfOnsets, 'AverageAgeOfOnset').map((x) => r.text(x, 'value')),
    inheritance: objects(r, p.TypeOfInheritances, 'TypeOfInheritance').map((x) => r.text(x, 'value')),
    parents: objects(r, p.Parents, 'Parent').map((x) => ({ orphaCode: r.text(x, 'ORPHAcode'), label: r.text(x, 'Label') })),
    version: r.text(p, 'version'),
    creationDate: r.text(p, 'creationDate'),
  };
}

function toGene(r: Reader, gene: Json): OrphaGene {
  const refs = objects(r, gene.ExternalReferences, 'ExternalReference');
  const hgnc = refs.find((x) => x.Source === 'HGNC');
  const omim = refs.find((x) => x.Source === 'OMIM');
  return {
    symbol: r.text(gene, 'Symbol'),
    name: r.text(gene, 'Name'),
    hgncId: hgnc ? `HGNC:${r.text(hgnc, 'Reference')}` : null,
    omimId: omim ? r.text(omim, 'Reference') : null,
    associationType: r.text(gene, 'DisorderGeneAssociationType'),
  };
}

function toPrevalence(r: Reader, x: Json): OrphaPrevalence {
  const qualification = r.text(x, 'PrevalenceQualification');
  const raw = r.text(x, 'ValMoy');
  let valMoy: number | null = null;
  if (raw !== 'no data' && !(raw === '0.0' && qualification === 'Class only')) {
    valMoy = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(valMoy)) r.fail(`ValMoy is not a number: "${raw}"`);
  }
  const prevalenceClass = r.text(x, 'PrevalenceClass');
  return {
    type: r.text(x, 'PrevalenceType'),
    qualification,
    class: prevalenceClass === 'no data' ? null : prevalenceClass,
    valMoy,
    geographic: r.text(x, 'PrevalenceGeographic'),
    source: r.optional(x, 'Source'),
  };
}

function relation(r: Reader, text: string): OrphaDisorder['omim'][number]['relation'] {
  const code = text.split(/[\s(]/, 1)[0];
  return RELATIONS.has(code) ? (code as OrphaDisorder['omim'][number]['relation']) : r.fail(`unknown mapping relation "${text}"`);
}

/**
 * The items of a section whatever its shape: `[{key: item}]`, `[{key: [items]}]`, `{key: [items]}`,
 * `{key: item}`, or flat items without the `key` wrapper. Absent sections give [].
 */
export function sectionItems(section: unknown, key: string): unknown[] {
  if (section === undefined || section === null) return [];
  const out: unknown[] = [];
  for (const entry of Array.isArray(section) ? section : [section]) {
    const inner = isObject(entry) && key in entry ? entry[key] : entry;
    if (Array.isArray(inner)) out.push(...inner);
    else out.push(inner);
  }
  return out;
}

function objects(r: Reader, section: unknown, key: string): Json[] {
  return sectionItems(section, key).map((x) => (isObject(x) ? x : r.fail(`unexpected ${key} entry ${JSON.stringify(x)}`)));
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
