import type { PrevalenceEntry } from './types.ts';
import { genesByAssociation, negatedPhenotypes, phenotypesByFrequency, type RecordFacts } from './record-facts.ts';
import { ASSOCIATION_TEXT, DEFINITION_SOURCE_TEXT, count, formatFrequency, joinAnd, listWithRest, sentence } from './section-format.ts';

/**
 * Templates of the sections that describe the disease itself. Every clause is either fixed
 * wording or a value copied from the facts, so fact-check.ts can verify the result.
 */

/** Upper-case the first letter when the first word is all lower case (so 'mTOR…' stays as it is). */
function capitalize(name: string): string {
  return /^\p{Ll}+(?![\p{L}\p{N}])/u.test(name) ? name[0].toUpperCase() + name.slice(1) : name;
}

/** Identity, rarity, quoted definition, synonyms and place in Mondo. */
export function overviewText(f: RecordFacts): string[] {
  const out = [
    `${capitalize(f.name)} (${f.id}) is a disease class of the Mondo Disease Ontology. ${
      f.isRare ? 'Mondo lists it in its rare disease subset.' : 'It is not in the Mondo rare disease subset.'
    }`,
  ];
  out.push(
    f.definition
      ? `Definition (${DEFINITION_SOURCE_TEXT[f.definition.source]}): "${f.definition.text}"`
      : 'No definition is available from Mondo, Orphanet or the Disease Ontology for this disease.',
  );
  if (f.synonyms.length > 0) out.push(sentence(`Other names: ${listWithRest(f.synonyms.map((s) => s.text))}`));
  const place: string[] = [];
  if (f.parents.length > 0)
    place.push(sentence(`In Mondo it is classified under ${listWithRest(f.parents.map((p) => `${p.name} (${p.id})`))}`));
  else place.push('Mondo gives no parent class for this disease.');
  if (f.children.length > 0) {
    place.push(
      sentence(
        `Mondo lists ${count(f.children.length, 'more specific class', 'more specific classes')}: ${listWithRest(
          f.children.map((c) => `${c.name} (${c.id})`),
        )}`,
      ),
    );
  }
  out.push(place.join(' '));
  return out;
}

/** Phenotypes, most frequent first, then excluded features and age of onset. */
export function clinicalFeaturesText(f: RecordFacts): string[] {
  const present = phenotypesByFrequency(f.phenotypes);
  const absent = negatedPhenotypes(f.phenotypes);
  const out: string[] = [];
  if (present.length === 0 && absent.length === 0) {
    out.push('No phenotype annotations are available from HPO or Orphanet for this disease.');
  } else {
    const sources = new Set(f.phenotypes.flatMap((p) => p.sources.map((s) => s.source)));
    const by = joinAnd([sources.has('hpo') ? 'HPO' : '', sources.has('orphanet') ? 'Orphanet' : ''].filter(Boolean)) || 'HPO or Orphanet';
    if (present.length > 0) {
      const withFrequency = present.filter((p) => p.frequency !== null).length;
      out.push(
        `${by} annotate ${count(present.length, 'phenotypic feature', 'phenotypic features')} for this disease; ${
          withFrequency === 0 ? 'none has' : `${withFrequency} ${withFrequency === 1 ? 'has' : 'have'}`
        } frequency data.`,
      );
      out.push(
        sentence(
          `${withFrequency > 0 ? 'Most frequent first' : 'Features'}: ${listWithRest(
            present.map((p) => `${p.label} (${p.hpoId}), ${formatFrequency(p.frequency)}`),
          )}`,
        ),
      );
    } else {
      out.push(`${by} annotate no phenotypic feature as present for this disease.`);
    }
    if (absent.length > 0) out.push(sentence(`Annotated as absent: ${listWithRest(absent.map((p) => `${p.label} (${p.hpoId})`))}`));
  }
  out.push(
    f.onset.length > 0
      ? sentence(`Age of onset: ${joinAnd(f.onset.map((o) => o.label))}`)
      : 'No age of onset is recorded for this disease.',
  );
  return out;
}

/** Modes of inheritance and associated genes. */
export function geneticsText(f: RecordFacts): string[] {
  const out = [
    f.inheritance.length > 0
      ? sentence(`Inheritance: ${joinAnd(f.inheritance.map((v) => v.label))}`)
      : 'No mode of inheritance is recorded for this disease.',
  ];
  if (f.genes.length === 0) {
    out.push('No gene association is recorded in Mondo, Orphanet or HPO for this disease.');
  } else {
    const genes = genesByAssociation(f.genes).map((g) => `${g.symbol} (${ASSOCIATION_TEXT[g.association]})`);
    out.push(sentence(`Associated genes (HGNC symbols, with association type): ${listWithRest(genes)}`));
  }
  return out;
}

function prevalenceGroups(entries: PrevalenceEntry[]): string[] {
  const groups = new Map<string, { head: string; places: string[] }>();
  for (const e of entries) {
    const key = `${e.type}\u0000${e.class ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { head: e.class ? `${e.type} ${e.class}` : `${e.type}, class not given`, places: [] }));
    const place = e.valuePer100k !== null ? `${e.geography} (mean ${e.valuePer100k} per hundred thousand)` : e.geography;
    if (!g.places.includes(place)) g.places.push(place);
  }
  return [...groups.values()].map((g) => `${g.head} in ${joinAnd(g.places)}`);
}

const CATEGORY_TEXT = {
  'ultra-rare': 'ultra-rare',
  'very-rare': 'very rare',
  rare: 'rare',
  uncommon: 'uncommon',
  common: 'common',
  unknown: 'unknown',
} as const;

/** Prevalence category and the Orphanet estimates grouped by type and class. */
export function epidemiologyText(f: RecordFacts): string[] {
  const out = [`Prevalence category in this record: ${CATEGORY_TEXT[f.prevalenceCategory]}.`];
  if (f.prevalence.length === 0) {
    out.push('No prevalence data is available from Orphanet for this disease.');
  } else {
    out.push(
      `Orphanet gives ${count(f.prevalence.length, 'prevalence estimate', 'prevalence estimates')}: ${prevalenceGroups(f.prevalence).join('; ')}.`,
    );
  }
  return out;
}
