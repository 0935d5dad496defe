import type { Phenotype, PrevalenceEntry } from './record-types.ts';
import { headlinePrevalence } from './prevalence.ts';
import {
  genesByAssociation,
  isCausal,
  isGermlineCause,
  negatedPhenotypes,
  phenotypesByFrequency,
  type RecordFacts,
} from './record-facts.ts';
import { ASSOCIATION_TEXT, LIST_LIMIT, formatPercent, joinAnd, listWithRest, sentence } from './prose/section-format.ts';
import { relationsBySource } from './prose/overview-genes.ts';
import { modeText } from './prose/sections-overview.ts';
import { prevalenceCategoryOfClass } from './vocab-mapping.ts';

/**
 * Templates of the sections that describe the disease itself. Every clause is either fixed
 * wording or a value copied from the facts, so fact-check.ts can verify the result.
 */

/** A phenotype's frequency in words, saying which rule gave it (frequencyBasis). */
export function frequencyText(p: Phenotype): string {
  const f = p.frequency;
  if (!f) return 'frequency not given';
  switch (p.frequencyBasis) {
    case 'count':
      return `${formatPercent(f.percent!)}%, ${f.numerator} of ${f.denominator} patients`;
    case 'percent':
      return `${formatPercent(f.percent!)}%`;
    case 'band':
      return `${f.label!.toLowerCase()}, ${f.range![0] === f.range![1] ? f.range![0] : `${f.range![0]}-${f.range![1]}`}%`;
    case 'small-count':
      return `${f.numerator} of ${f.denominator} ${f.denominator === 1 ? 'patient' : 'patients'} reported`;
    default:
      return 'frequency not usable';
  }
}

/** Features most frequent first with their frequency, features recorded as absent, age of onset. */
export function clinicalFeaturesText(f: RecordFacts): string[] {
  const present = phenotypesByFrequency(f.phenotypes);
  const absent = negatedPhenotypes(f.phenotypes);
  const out: string[] = [];
  if (present.length === 0 && absent.length === 0) out.push('No clinical features are recorded for this disease in HPO or Orphanet.');
  if (present.length > 0) {
    const known = present.some((p) => p.frequency !== null);
    out.push(
      sentence(`${known ? 'Most frequent first' : 'Features'}: ${listWithRest(present.map((p) => `${p.label} (${frequencyText(p)})`))}`),
    );
  }
  if (absent.length > 0) out.push(sentence(`Recorded as absent: ${listWithRest(absent.map((p) => p.label))}`));
  const onset = f.onset.filter((o) => o.term !== 'unknown');
  if (onset.length > 0) out.push(sentence(`Age of onset: ${joinAnd(onset.map((o) => o.label.toLowerCase()))}`));
  return out;
}

const SOURCE_NAME = { hpo: 'HPO', orphanet: 'Orphanet' } as const;

/** Inheritance (primary, others, disagreements), genes, and what the subtypes have. */
export function geneticsText(f: RecordFacts): string[] {
  const s = f.inheritanceSummary;
  const out: string[] = [];
  if (s.primary && s.primaryLabel) {
    const who = (v: RecordFacts['inheritance'][number]) => joinAnd([...new Set(v.sources.map((x) => SOURCE_NAME[x.source]))]);
    const modes = f.inheritance.map((v) => `${modeText(v.label)} (${who(v)})`);
    out.push(
      sentence(
        `Inheritance: ${modes[f.inheritance.findIndex((v) => v.term === s.primary)]}${modes.length > 1 ? `; also ${joinAnd(modes.filter((_, i) => f.inheritance[i].term !== s.primary))}` : ''}`,
      ),
    );
  } else if (f.inheritance.some((v) => v.term === 'not-applicable')) {
    out.push('The sources record this disease as not genetic (inheritance not applicable).');
  }
  for (const c of s.conflicts.filter((c) => c.term === 'not-applicable' || c.term === 'unknown'))
    out.push(sentence(`Sources disagree: ${c.reason}`));
  const genes = genesByAssociation(f.genes);
  const causal = genes.filter(isGermlineCause);
  const other = genes.filter((g) => !isGermlineCause(g));
  if (causal.length > 0) out.push(sentence(`Causal genes: ${listWithRest(causal.map((g) => `${g.symbol} (${g.name})`))}`));
  if (other.length > 0)
    out.push(
      sentence(
        `Other associated genes: ${listWithRest(other.map((g) => `${g.symbol} (${isCausal(g.association) ? relationsBySource(g) : ASSOCIATION_TEXT[g.association]})`))}`,
      ),
    );
  const r = f.rollup;
  if (r.genes.length > 0) {
    const items = r.genes.map(
      (g) => `${g.symbol} (${g.subtypeCount === 1 ? g.subtypes[0].name : `${g.subtypeCount} subtypes, such as ${g.subtypes[0].name}`})`,
    );
    const lead = r.geneCount > LIST_LIMIT ? `Causal genes of its subtypes (${r.geneCount} in all)` : 'Causal genes of its subtypes';
    out.push(sentence(`${lead}: ${items.slice(0, LIST_LIMIT).join('; ')}`));
  }
  if (r.inheritance.length > 0 && !s.primary)
    out.push(
      sentence(
        `Inheritance of its subtypes: ${joinAnd(r.inheritance.map((m) => `${modeText(m.label)} (${m.subtypeCount === 1 ? m.subtypes[0].name : `${m.subtypeCount} subtypes`})`))}`,
      ),
    );
  if (out.length === 0) out.push('No mode of inheritance or gene is recorded for this disease.');
  return out;
}

/** An Orphanet class as written ("1-5 / 10 000"); "Unknown" and a missing class in words. */
function classText(cls: string | null): string {
  return cls === null ? 'with no class given' : cls === 'Unknown' ? 'of unknown class' : cls;
}

function estimateText(e: PrevalenceEntry): string {
  return `${e.type.toLowerCase()} ${classText(e.class)}, ${e.geography}${e.valuePer100k !== null ? ` (mean ${e.valuePer100k} per hundred thousand)` : ''}`;
}

/** The headline estimate, then the others compactly, grouped by type and class. */
export function epidemiologyText(f: RecordFacts): string[] {
  if (f.prevalence.length === 0) return ['No prevalence figure is recorded for this disease (Orphanet gives none).'];
  const head = headlinePrevalence(f.prevalence, prevalenceCategoryOfClass);
  const out: string[] = [];
  if (head) out.push(`Headline figure: ${estimateText(head)} (Orphanet, release ${head.provenance.release}).`);
  const groups = new Map<string, { head: string; places: string[] }>();
  for (const e of f.prevalence) {
    if (e === head) continue;
    const key = `${e.type}\u0000${e.class ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { head: `${e.type.toLowerCase()} ${classText(e.class)}`, places: [] }));
    if (!g.places.includes(e.geography)) g.places.push(e.geography);
  }
  const rest = [...groups.values()].map(
    (g) => `${g.head} (${g.places.length <= 4 ? joinAnd(g.places) : `${g.places.slice(0, 4).join(', ')} and other places`})`,
  );
  if (rest.length > 0) out.push(sentence(`${head ? 'Other estimates' : 'Estimates'}: ${rest.join('; ')}`));
  return out;
}
