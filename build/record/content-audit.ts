import { resolve } from 'node:path';
import { readOrphanDesignations } from '../ingest/fda-oopd.ts';
import { filterByContext } from './designation-context.ts';
import { splitsCompound, splitWords } from './link-rules.ts';
import { normalizeName, type NameHit } from './name-index.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';
import { readBuildSettings } from '../build-settings.ts';
import { auditRecord, type AuditRow, type RecordDigest, digestRecord } from './content-audit-rules.ts';
import { type TrustDigest, type TrustRow, trustDigest, trustIndex, trustRow } from './content-audit-trust.ts';
import { type LinkRow, linkRow } from './content-audit-links.ts';
import { readHgncGenes } from '../ingest/hgnc.ts';
import { readMondoDefinitionTexts } from '../ingest/mondo-definitions.ts';
import { definitionWords } from './definition-choice.ts';
import { type HallmarkRow, hallmarkChecks } from './content-audit-hallmarks.ts';
import { readHpoOntology } from '../ingest/hpo-ontology.ts';

/**
 * Content audit over the published snapshot, through the record bodies the API serves:
 *   node --import tsx build/record/content-audit.ts [--missed] [--examples]
 * Counts the defects of issue 23 (boilerplate, inheritance contradictions, frequency order, small
 * counts over bands, duplicate designations, negated links, non-names) and the coverage figures
 * (approvals listed, grouping classes naming subtype genes, parents of screened conditions,
 * Mendelian overviews), and issue 38's faults (content-audit-trust.ts, -links.ts, -hallmarks.ts);
 * --examples names up to 8 records for each count. DIST_DIR (default dist) and DATA_DIR (the OOPD
 * export, HGNC, HPO and Mondo's release-diff reports) as for the build.
 */
const { distDir: dist, dataDir } = readBuildSettings();
const current = resolve(dist, 'current');
const manifest = readSnapshotJson<{ entries: Record<string, [string]> }>(current, SNAPSHOT_FILES.manifest);
const packs = snapshotPacks(dist, current);

const digests = new Map<string, RecordDigest>();
const trust = new Map<string, TrustDigest>();
const rows: AuditRow[] = [];
const served: [string, string][] = [];
for (const [key, [hash]] of Object.entries(manifest.entries)) {
  if (!/^MONDO:\d{7}$/.test(key)) continue;
  const body = JSON.parse(readPackedSync(packs, hash).toString('utf8'));
  if (!body.data?.sections) continue; // an obsolete redirect
  digests.set(key, digestRecord(body.data));
  trust.set(key, trustDigest(body.data));
  rows.push(auditRecord(body.data));
  served.push([key, hash]);
}

// Issue 38's checks read other records (parents, subtypes, names), HGNC's previous symbols and Mondo's definitions.
const previous = new Map<string, string[]>();
for (const g of readHgncGenes(resolve(dataDir, 'hgnc/hgnc_complete_set_2024-10_subset.tsv.gz')))
  previous.set(g.symbol.toLowerCase(), g.prevSymbols);
const mondoDefinitions = readMondoDefinitionTexts(
  resolve(dataDir, 'mondo/mondo_release_diff_new_terms_2021-11_2026-08.tsv.gz'),
  resolve(dataDir, 'mondo/mondo_release_diff_changed_terms_2021-11_2026-08.tsv.gz'),
);
const punctuated = new Set(mondoDefinitions.filter((d) => d.text.includes(',')).map((d) => definitionWords(d.text)));
const index = trustIndex(trust, previous, punctuated);
const hallmarkRow = hallmarkChecks(readHpoOntology(resolve(dataDir, 'hpo/hp_2023-01-27.json.gz')).terms);
type Row = TrustRow & LinkRow & HallmarkRow;
const trustRows: Row[] = served.map(([, hash]) => {
  const body = JSON.parse(readPackedSync(packs, hash).toString('utf8')).data;
  const overview = body.sections.overview.paragraphs.join('\n');
  return { ...trustRow(body, index), ...linkRow(body, overview), ...hallmarkRow(body, overview) };
});
const trustSum = (k: keyof Row) => trustRows.reduce((s, r) => s + r[k], 0);
const trustRecords = (k: keyof Row) => trustRows.filter((r) => r[k] > 0).length;

const sum = (k: keyof AuditRow) => rows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
const recordsWith = (k: keyof AuditRow) => rows.filter((r) => Number(r[k] ?? 0) > 0).length;

// Approvals whose labeled indication names a rare disease's Mondo label: listed as approved there, on a parent or on a child?
// A disease is named by the longest name found (any record's label or a synonym that is a name; a label wins over a
// synonym), not negated, not part of a molecule's name (DESIGNATION_CONTEXT_RULE) nor of a hyphenated compound
// (LINKING_RULES); it counts when that disease's label is in the text and the disease is rare.
const labels = new Map<string, string>();
const labelOf = new Set<string>();
for (const d of digests.values())
  for (const n of d.names.slice(1)) if (normalizeName(n).length >= 8 && !labels.has(normalizeName(n))) labels.set(normalizeName(n), d.id);
for (const d of digests.values()) {
  if (normalizeName(d.name).length < 4) continue;
  labels.set(normalizeName(d.name), d.id);
  labelOf.add(normalizeName(d.name));
}
const approvals = readOrphanDesignations(resolve(dataDir, 'fda/oopd_all_designations_2024-06.csv.gz')).filter(
  (r) => r.approvedIndication && /Approved/.test(r.designationStatus) && !/Withdrawn/.test(r.designationStatus),
);
let named = 0;
let listed = 0;
const missed: string[] = [];
for (const row of approvals) {
  const tw = splitWords(row.approvedIndication!);
  const aligned = tw.words.join(' ') === normalizeName(row.approvedIndication!);
  const words = aligned ? tw.words : normalizeName(row.approvedIndication!).split(' ');
  const taken = new Array<boolean>(words.length).fill(false);
  const hits: NameHit[] = [];
  for (let n = Math.min(12, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if (taken.slice(i, i + n).some(Boolean)) continue;
      const id = labels.get(words.slice(i, i + n).join(' '));
      if (!id) continue;
      for (let j = i; j < i + n; j++) taken[j] = true;
      // Part of a hyphenated compound ("post-essential thrombocythemia myelofibrosis") does not name the disease (LINKING_RULES).
      if (aligned && splitsCompound(tw, i, i + n, (w) => labels.has(w))) continue;
      hits.push({ ids: [id], kind: 'name', text: words.slice(i, i + n).join(' '), span: [i, i + n] });
    }
  }
  const url = `cfgridkey=${row.designationKey}`;
  for (const hit of filterByContext(words, hits)) {
    const d = digests.get(hit.ids[0])!;
    if (!d.isRare || !labelOf.has(hit.text) || normalizeName(d.name) !== hit.text) continue;
    named++;
    const near = [d.id, ...d.parents, ...d.children];
    if (near.some((x) => digests.get(x)?.approvedUrls.some((u) => u.endsWith(url)))) listed++;
    else
      missed.push(
        `${row.genericName} (${row.tradeName ?? '-'}) key ${row.designationKey}: ${d.name} (${d.id}) in "${row.approvedIndication}"`,
      );
  }
}

// Grouping classes: rare, no gene of their own, a direct child with a causal gene; does the genetics section name one?
let groupings = 0;
let groupingsNaming = 0;
// Parents of a condition screened directly or as a RUSP constituent: does the screening section say a subtype is screened?
let screenedParents = 0;
let screenedParentsSaying = 0;
for (const d of digests.values()) {
  const childGenes = new Set(d.children.flatMap((c) => digests.get(c)?.causalGenes ?? []));
  if (d.isRare && d.genes.length === 0 && childGenes.size > 0) {
    groupings++;
    if ([...childGenes].some((g) => new RegExp(`(?<![\\w-])${g.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(d.geneticsText)))
      groupingsNaming++;
  }
  const screenedKids = d.children
    .map((c) => digests.get(c)!)
    .filter((c) => c && (c.screeningVia === 'direct' || c.screeningVia === 'subtype'));
  if (screenedKids.length > 0 && d.screeningVia !== 'direct' && d.screeningVia !== 'subtype') {
    screenedParents++;
    const text = d.screeningText.toLowerCase();
    if (screenedKids.some((c) => text.includes(c.name.toLowerCase()))) screenedParentsSaying++;
  }
}
const mendelian = rows.filter((r) => r.mendelianPrimary);
const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);
const report = {
  records: rows.length,
  defects: {
    'records with boilerplate or internal paths in sections': recordsWith('boilerplate'),
    'records with an inheritance contradiction (not applicable beside a Mendelian mode)': recordsWith('inheritanceContradiction'),
    'records whose present phenotypes are not most frequent first': recordsWith('frequencyOrder'),
    'records whose phenotypes within one frequency are in label order (more than one tie group, all alphabetical)':
      recordsWith('alphabeticalTies'),
    'phenotypes where a count with denominator 1 or 2 is the headline over a band': sum('smallCountOverBand'),
    'phenotypes where a count with denominator below 5 is the headline over a band': sum('smallCountOverBand5'),
    'records listing one designation row twice': recordsWith('duplicateDesignations'),
    'records listing one FDA designation (CF Grid Key) in more than one entry': recordsWith('designationInSeveralEntries'),
    'negated links (designation says non-X or other than X)': sum('negatedLinks'),
    'records whose Other names show a non-name': recordsWith('nonNames'),
    'FDA texts with a lost character ("?") shown unmarked in prose': sum('lostCharacterUnmarked'),
    'records naming a class whose label names the disease itself': recordsWith('selfNamedClasses'),
    'records whose overview says a gene that a source gives as somatic or a fusion causes it': recordsWith('nonGermlineCauses'),
    'named classes that are another disease or say the opposite of the disease (CLASS_NAMING_RULE)': trustSum('wrongClasses'),
    'records naming no class although a parent is a disease group the rule accepts': trustRecords('informativeParentMissed'),
    'designations rolled down from a refused parent or made for a part of it': trustSum('wrongRollDown'),
    'other names that OTHER_NAME_RULE or the hierarchy refutes, shown': trustSum('badOtherNames'),
    'hallmarks that are the disease itself': trustSum('selfHallmarks'),
    'hallmarks below a present feature counted more than 15 points more frequent': trustSum('rarerVariant'),
    'records with four of their first five hallmarks in one organ system while another has features': trustRecords('oneSystem'),
    'laboratory hallmarks the overview does not name': trustSum('labUnprinted'),
    'records of a kind DIAGNOSIS_CLASS_RULE names a test for, naming no diagnosis': trustRecords('noDiagnosis'),
    'groups whose tied modes differ among subtypes, stating one primary mode': trustRecords('groupTieBreak'),
    'headline prevalences of a specific population, or regional beside a worldwide figure': trustRecords('badHeadline'),
    'Orphanet definitions quoted without commas although Mondo punctuates the same words': trustRecords('commalessWithTwin'),
    'GeneReviews or MedlinePlus links its subtypes share but the record lacks': trustSum('readMoreNotRolled'),
    'products the overview names under two spellings': trustSum('duplicateProducts'),
    'designations shown as part of the disease by words that restrict nothing': trustSum('broaderOnNothing'),
    'designations shown as the whole disease through a synonym the record sorts as narrower': trustSum('narrowSynonymExact'),
    'designations shown as a condition in its patients that are its own attacks, episodes or bleeds': trustSum('complicationOwnEpisodes'),
    'approved designations named as approved for it whose approved indications never name it': trustSum('approvedNotCovering'),
    'designations rolled down from a parent whose text leaves the record out ("excluding CLL")': trustSum('rolledDownExcluded'),
  },
  notes: {
    'FDA entries (disease, designation) holding a lost character ("?"), raw text kept': sum('lostCharacterEntries'),
    'records with such an entry': recordsWith('lostCharacterEntries'),
  },
  coverage: {
    'approvals whose labeled indication names a rare disease, listed as approved there or on a parent or child': `${listed} of ${named} (${pct(listed, named)})`,
    'rare grouping classes without a gene whose children have causal genes, naming one of them': `${groupingsNaming} of ${groupings} (${pct(groupingsNaming, groupings)})`,
    'parents of a screened condition saying a subtype is screened': `${screenedParentsSaying} of ${screenedParents} (${pct(screenedParentsSaying, screenedParents)})`,
    'records with a Mendelian primary inheritance whose overview names it': `${mendelian.filter((r) => r.overviewNamesInheritance).length} of ${mendelian.length} (${pct(mendelian.filter((r) => r.overviewNamesInheritance).length, mendelian.length)})`,
  },
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
if (process.argv.includes('--missed')) process.stdout.write(`${missed.join('\n')}\n`);
if (process.argv.includes('--examples'))
  for (const k of Object.keys(trustRows[0] ?? {}) as (keyof Row)[])
    process.stdout.write(
      `${k}: ${served
        .filter((_, i) => trustRows[i][k] > 0)
        .slice(0, 8)
        .map(([id]) => id)
        .join(' ')}\n`,
    );
if (process.argv.includes('--examples'))
  for (const k of [
    'boilerplate',
    'inheritanceContradiction',
    'frequencyOrder',
    'duplicateDesignations',
    'negatedLinks',
    'nonNames',
  ] as const)
    process.stdout.write(
      `${k}: ${rows
        .filter((r) => Number(r[k]) > 0)
        .slice(0, 8)
        .map((r) => r.id)
        .join(' ')}\n`,
    );
