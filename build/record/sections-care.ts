import type { SourcedList } from './types.ts';
import { orphanProducts, type RecordFacts } from './record-facts.ts';
import { count, joinAnd, listWithRest, sentence } from './section-format.ts';

/**
 * Templates of the sections about screening, treatment, research and support. Same contract as
 * sections-about.ts: fixed wording plus values copied from the facts, nothing else.
 */

/** Diagnosis-coding systems named in the screening-and-diagnosis section, in this order. */
const CODING_SYSTEMS = ['ICD-10-WHO', 'ICD-10-CM', 'ICD-11', 'OMIM', 'OMIMPS', 'Orphanet'];

/** RUSP status (direct, constituent or via a grouping) and the diagnosis codes Mondo maps to. */
export function screeningText(f: RecordFacts): string[] {
  const s = f.screening;
  const out: string[] = [];
  if (!s.screened || s.status === 'none') {
    out.push(
      'This disease is not on the Recommended Uniform Screening Panel (RUSP) for newborn screening, directly or through a grouping.',
    );
  } else {
    const named = s.condition ? `${s.condition}${s.acronym ? ` (${s.acronym})` : ''}` : 'a listed condition';
    const where =
      s.via === 'grouping'
        ? `It falls under ${named}${s.ruspMondoId ? `, ${s.ruspMondoId},` : ''} which is a ${s.status} condition of the Recommended Uniform Screening Panel (RUSP) for newborn screening`
        : s.via === 'subtype'
          ? `It is listed as a constituent of ${named}, a ${s.status} condition of the Recommended Uniform Screening Panel (RUSP) for newborn screening`
          : `It is a ${s.status} condition of the Recommended Uniform Screening Panel (RUSP) for newborn screening, listed as ${named}`;
    const extra = [s.category ? `RUSP category: ${s.category}.` : '', s.addedYear !== null ? `Added to the panel in ${s.addedYear}.` : ''];
    out.push([`${where}.`, ...extra].filter(Boolean).join(' '));
  }
  const systems = CODING_SYSTEMS.filter((k) => (f.xrefs[k]?.length ?? 0) > 0);
  out.push(
    systems.length > 0
      ? sentence(
          `Codes mapped in Mondo: ${systems
            .map((k) =>
              listWithRest(
                f.xrefs[k].map((x) => x.id),
                ', ',
              ),
            )
            .join('; ')}`,
        )
      : 'Mondo maps this disease to no ICD, OMIM or Orphanet code.',
  );
  return out;
}

/** FDA orphan designations and approvals, grouped by product, with their normalized statuses. */
export function treatmentText(f: RecordFacts): string[] {
  const products = orphanProducts(f);
  if (products.length === 0) return ['No FDA orphan drug designation or approval is linked to this disease in this snapshot.'];
  const approved = products.filter((p) => p.approved.length > 0).length;
  const designated = f.orphanDrugs.filter((d) => d.status === 'designated').length;
  const withdrawn = f.orphanDrugs.filter((d) => d.status === 'withdrawn').length;
  const lines = products.map((p) => {
    const name = p.tradeName ? `${p.genericName} (${p.tradeName})` : p.genericName;
    const parts = [
      p.designated.length > 0 ? `designated ${joinAnd(p.designated)}` : '',
      p.approved.length > 0 ? `approved ${joinAnd(p.approved)}` : '',
      p.withdrawn.length > 0 ? `withdrawn or revoked ${joinAnd(p.withdrawn)}` : '',
      `status ${p.statuses.join(', ')}`,
    ];
    return `${name}: ${parts.filter(Boolean).join(', ')}`;
  });
  const others = [
    designated > 0 ? `${designated} designated without approval` : '',
    withdrawn > 0 ? `${withdrawn} withdrawn or revoked` : '',
  ].filter(Boolean);
  return [
    `FDA orphan drug records linked to this disease: ${count(f.orphanDrugs.length, 'designation row', 'designation rows')} for ${count(
      products.length,
      'product',
      'products',
    )}; ${[`${approved} with a marketing approval in force`, ...others].join(', ')}.`,
    sentence(listWithRest(lines)),
    'Listing here is not a treatment recommendation.',
  ];
}

/** Matching studies in the ClinicalTrials.gov sample, always with the sample notice. */
export function researchText(f: RecordFacts): string[] {
  const t = f.trials;
  const out = [sentence(t.notice)];
  if (t.total === 0) {
    out.push('No study in this sample matches this disease.');
    return out;
  }
  out.push(`Matching studies in this sample: ${t.total}, of which ${t.active} ${t.active === 1 ? 'is' : 'are'} marked active.`);
  if (t.items.length > 0) {
    const lines = t.items.map(
      (i) => `${i.nctId} (${[i.status, i.phase, i.startDate ? `start ${i.startDate}` : ''].filter(Boolean).join(', ')}): ${i.title}`,
    );
    out.push(sentence(listWithRest(lines)));
  }
  return out;
}

/** Items by name; when there are none, say whether any source was consulted, and give the notes of absent ones as paragraphs of their own. */
function sourcedText<T>(list: SourcedList<T>, one: string, many: string, show: (item: T) => string): string[] {
  if (list.items.length > 0) return [sentence(`${list.items.length === 1 ? one : many}: ${listWithRest(list.items.map(show))}`)];
  const present = list.sources.some((s) => s.status === 'present');
  const lead = present
    ? `No ${one.toLowerCase()} is linked to this disease in the sources consulted.`
    : `No ${one.toLowerCase()} data source is available in this snapshot.`;
  return [lead, ...list.sources.filter((s) => s.status === 'absent' && s.note).map((s) => sentence(s.note))];
}

/** Advocacy groups, assistance programs and reference links. */
export function supportText(f: RecordFacts): string[] {
  const out = [
    ...sourcedText(f.advocacyGroups, 'Patient advocacy group', 'Patient advocacy groups', (g) => (g.url ? `${g.name} (${g.url})` : g.name)),
    ...sourcedText(f.assistancePrograms, 'Patient assistance program', 'Patient assistance programs', (a) =>
      a.url ? `${a.name} (${a.url}), status ${a.status}` : `${a.name}, status ${a.status}`,
    ),
  ];
  const r = f.resources;
  const links = [
    r.medlinePlus ? `MedlinePlus: ${r.medlinePlus}` : '',
    r.geneReviews ? `GeneReviews: ${r.geneReviews}` : '',
    r.nordReportId ? `NORD report: ${r.nordReportId}` : '',
  ].filter(Boolean);
  out.push(links.length > 0 ? sentence(links.join('; ')) : 'No MedlinePlus, GeneReviews or NORD link is recorded for this disease.');
  return out;
}
