import { RELATION_ORDER } from './designation-relation.ts';
import type { LinkRelation, OrphanDrugEntry, RolledDesignation } from './record-types.ts';
import {
  approvedProducts,
  genesByAssociation,
  isGermlineCause,
  orphanProducts,
  phenotypesByFrequency,
  productName,
  type RecordFacts,
} from './record-facts.ts';
import { LIST_LIMIT, count, listWithRest, sentence } from './prose/section-format.ts';
import { LOST_CHARACTER_MARK, LOST_CHARACTER_NOTE, markLostCharacters } from './text-repair.ts';

/**
 * Templates of the sections about diagnosis, treatment, research and support. Same contract as
 * sections-about.ts: fixed wording plus values copied from the facts, nothing else.
 */

/** Diagnosis-coding systems named in the diagnosis section, in this order. */
const CODING_SYSTEMS = ['ICD-10-WHO', 'ICD-10-CM', 'ICD-11', 'OMIM', 'OMIMPS', 'Orphanet'];
const PANEL = 'the US Recommended Uniform Screening Panel (RUSP)';

/** Newborn screening (own, through a grouping, of subtypes), genes to test, characteristic findings, codes. */
export function screeningText(f: RecordFacts): string[] {
  const s = f.screening;
  const out: string[] = [];
  const named = s.condition ? `${s.condition}${s.acronym ? ` (${s.acronym})` : ''}` : 'a listed condition';
  if (s.screened && s.status !== 'none') {
    if (s.via === 'direct') out.push(`Newborn screening: a ${s.status} condition of ${PANEL}, listed as ${named}.`);
    else if (s.via === 'subtype') out.push(`Newborn screening: screened as part of ${named}, a ${s.status} condition of ${PANEL}.`);
    else out.push(`Newborn screening: it falls under ${named}, a ${s.status} condition of ${PANEL}.`);
  }
  const subtypes = f.rollup.screening;
  if (subtypes.length > 0) {
    const items = subtypes.map(
      (t) =>
        `${t.subtype.name} (${t.status}${t.condition && t.condition.toLowerCase() !== t.subtype.name.toLowerCase() ? `, as ${t.condition}` : ''})`,
    );
    out.push(sentence(`Subtypes screened on ${PANEL}: ${listWithRest(items)}`));
  } else if (!s.screened || s.status === 'none') {
    out.push(`Newborn screening: not on ${PANEL}, directly or through a grouping.`);
  }
  const causal = genesByAssociation(f.genes).filter(isGermlineCause);
  if (causal.length > 0)
    out.push(
      sentence(
        `Genetic testing: the causal ${causal.length === 1 ? 'gene is' : 'genes are'} ${listWithRest(
          causal.map((g) => g.symbol),
          ', ',
        )}`,
      ),
    );
  else if (f.rollup.genes.length > 0)
    out.push(
      sentence(
        `Genetic testing: its subtypes' causal genes include ${listWithRest(
          f.rollup.genes.map((g) => g.symbol),
          ', ',
        )}`,
      ),
    );
  const findings = phenotypesByFrequency(f.phenotypes).filter(
    (p) => p.frequencyBasis !== 'small-count' && p.frequency !== null && (p.frequency.percent ?? p.frequency.range?.[0] ?? 0) >= 80,
  );
  if (findings.length > 0)
    out.push(sentence(`Characteristic findings (very frequent or always present): ${listWithRest(findings.map((p) => p.label))}`));
  const systems = CODING_SYSTEMS.filter((k) => (f.xrefs[k]?.length ?? 0) > 0);
  if (systems.length > 0)
    out.push(
      sentence(
        `Diagnosis codes: ${systems
          .map((k) =>
            listWithRest(
              f.xrefs[k].map((x) => x.id),
              ', ',
            ),
          )
          .join('; ')}`,
      ),
    );
  return out;
}

const drugName = productName;

/** How each relation is introduced in the treatment section (LINK_RELATION_RULE). */
const RELATION_HEAD: Record<LinkRelation, string> = {
  exact: 'for this disease',
  broader: 'for a subset of patients (a stage, subtype or patient group)',
  complication: 'for a condition in patients with this disease',
  narrower: 'for a wider condition that includes this disease',
};

/** The words that restricted or widened a link, for a non-exact entry: ' ("stage IIB through IV")'. */
function decidedBy(d: OrphanDrugEntry): string {
  const l = d.links.find((x) => x.relation === d.relation);
  return d.relation === 'exact' || !l ? '' : ` ("${markLostCharacters(l.decidedBy)}")`;
}

/** Approved products of one relation: name, first approval date, latest labeled indication with its own date. */
function approvedLines(entries: OrphanDrugEntry[]): string[] {
  return approvedProducts(entries).map((p) => {
    const latest =
      p.latest.date !== p.first
        ? `; latest indication ${p.latest.date}${p.latest.indication ? `: "${markLostCharacters(p.latest.indication)}"` : ''}`
        : p.latest.indication
          ? `: "${markLostCharacters(p.latest.indication)}"`
          : '';
    const words =
      entries
        .filter((e) => productName(e) === p.name)
        .map(decidedBy)
        .find(Boolean) ?? '';
    return `${p.name}, first approved ${p.first}${latest}${words}`;
  });
}

function rolledLine(d: RolledDesignation): string {
  return `${drugName(d)} (${d.status})`;
}

/** The designations listed on a parent group, named by parent: "made for sphingolipidosis, the group it belongs to (3 in all): ...". */
function parentLines(r: RecordFacts['rollup']): string[] {
  const byParent = new Map<string, RolledDesignation[]>();
  for (const d of r.parentOrphanDrugs) (byParent.get(d.from.name) ?? byParent.set(d.from.name, []).get(d.from.name)!).push(d);
  const total = byParent.size === 1 ? ` (${r.parentOrphanDrugCount} in all)` : '';
  return [...byParent].map(([parent, list]) =>
    sentence(`Designations made for ${parent}, a disease group it belongs to${total}: ${list.map(rolledLine).join('; ')}`),
  );
}

/** FDA orphan designations in named units that add up, approvals grouped by relation with first and latest dates, designations in development. */
export function treatmentText(f: RecordFacts): string[] {
  const out: string[] = [];
  const drugs = f.orphanDrugs;
  if (drugs.length > 0) {
    const approved = drugs.filter((d) => d.status === 'approved');
    const designated = drugs.filter((d) => d.status === 'designated');
    const withdrawn = drugs.filter((d) => d.status === 'withdrawn');
    const products = orphanProducts(f);
    const approvedProductCount = products.filter((p) => p.approved.length > 0).length;
    out.push(
      `FDA orphan drug designations naming this disease (FDA data to ${drugs[0].provenance.release}): ${drugs.length} (${approved.length} approved, ${designated.length} designated without approval, ${withdrawn.length} withdrawn or revoked), for ${count(products.length, 'product', 'products')}, ${approvedProductCount} of them approved.`,
    );
    for (const relation of RELATION_ORDER) {
      const lines = approvedLines(approved.filter((d) => d.relation === relation));
      if (lines.length > 0) out.push(sentence(`Approved ${RELATION_HEAD[relation]}: ${listWithRest(lines)}`));
    }
    if (designated.length > 0)
      out.push(
        sentence(
          `In development (designated, not approved): ${listWithRest(designated.map((d) => `${drugName(d)}, designated ${d.dateDesignated ?? '(date not given)'}${decidedBy(d)}`))}`,
        ),
      );
  } else {
    out.push('No FDA orphan drug designation names this disease.');
  }
  const r = f.rollup;
  if (r.orphanDrugs.length > 0)
    out.push(
      sentence(
        `Designations for its subtypes (${r.orphanDrugCount} in all): ${r.orphanDrugs
          .slice(0, LIST_LIMIT)
          .map((d) => `${drugName(d)} (${d.status}; ${d.from.name})`)
          .join('; ')}`,
      ),
    );
  out.push(...parentLines(r));
  if (out.some((p) => p.includes(LOST_CHARACTER_MARK))) out.push(LOST_CHARACTER_NOTE);
  if (out.length > 1 || drugs.length > 0) out.push('Listing here is not a treatment recommendation.');
  return out;
}

/** Matching studies in the ClinicalTrials.gov sample, with the date their status held. */
export function researchText(f: RecordFacts): string[] {
  const t = f.trials;
  if (t.total === 0) return [sentence(`No matching study is in the registry sample. ${t.notice}`)];
  const lines = t.items.map(
    (i) =>
      `${i.nctId} (${[`${i.status.replace(/_/g, ' ')} as of ${i.statusAsOf}`, i.phase, i.startDate ? `start ${i.startDate}` : ''].filter(Boolean).join(', ')}): ${i.title}`,
  );
  return [
    `Matching studies in the registry sample: ${t.total}, of which ${t.active} ${t.active === 1 ? 'was' : 'were'} active when the sample was taken.`,
    sentence(listWithRest(lines)),
    sentence(t.notice),
  ];
}

/** Patient organisations, assistance programs and information pages; nothing internal. */
export function supportText(f: RecordFacts): string[] {
  const out: string[] = [];
  const groups = f.advocacyGroups.items;
  if (groups.length > 0)
    out.push(sentence(`Patient organisations: ${listWithRest(groups.map((g) => (g.url ? `${g.name} (${g.url})` : g.name)))}`));
  const programs = f.assistancePrograms.items;
  if (programs.length > 0)
    out.push(
      sentence(
        `Patient assistance programs: ${listWithRest(programs.map((a) => (a.url ? `${a.name} (${a.url}), status ${a.status}` : `${a.name}, status ${a.status}`)))}`,
      ),
    );
  const r = f.resources;
  const links = [
    r.medlinePlus ? `MedlinePlus: ${r.medlinePlus}` : '',
    r.geneReviews ? `GeneReviews: ${r.geneReviews}` : '',
    ...r.gard.map((g) => `GARD: ${g.url}`),
  ].filter(Boolean);
  if (links.length > 0) out.push(sentence(`Information for patients and clinicians: ${links.join('; ')}`));
  if (out.length === 0) out.push('No patient organisation, assistance program or information page is recorded for this disease.');
  return out;
}
