import type { OrphanDesignation } from '../ingest/source-types.ts';
import { filterByContext } from './designation-context.ts';
import { type RelationDecision, containedRelation } from './designation-relation.ts';
import type { OwnFacts } from './relation-scope.ts';
import { splitWords } from './link-rules.ts';
import { normalizeName, type NameHit, type NameIndex } from './name-index.ts';
import type { DesignationLink, OrphanDrugEntry } from './record-types.ts';
import { orphanStatusFromFda } from './vocab-mapping.ts';

/**
 * Where an FDA designation's texts name diseases (DESIGNATION_CONTEXT_RULE, LINKING_RULES) and how each
 * name relates to its disease (LINK_RELATION_RULE).
 */

/** A synonym shared by more diseases than this names a family, not one disease: not linked. */
export const MAX_SYNONYM_IDS = 2;

export function usable(hit: NameHit): boolean {
  return hit.kind === 'name' || hit.ids.length <= MAX_SYNONYM_IDS;
}

/** How one designation row linked: every matched name or synonym with its method and field; empty when none matched. */
export interface DesignationHits {
  row: OrphanDesignation;
  hits: { hit: NameHit; method: OrphanDrugEntry['link']['method']; field: DesignationLink['field']; decision: RelationDecision }[];
  /** Names or synonyms found but shared by too many diseases to link (see MAX_SYNONYM_IDS). */
  tooAmbiguous: NameHit[];
}

/**
 * Match one FDA text against disease names and synonyms: the whole text (less "Treatment of ...")
 * equal to a name or synonym first, else names and synonyms contained in it that the context
 * does not rule out (DESIGNATION_CONTEXT_RULE), under the word rules of LINKING_RULES (link-rules.ts).
 */
function matchText(
  text: string,
  index: NameIndex,
  field: DesignationLink['field'],
  ownOf: (id: string) => OwnFacts = () => ({}),
): Omit<DesignationHits, 'row'> {
  const exact = index.matchExact(text);
  if (exact && usable(exact))
    return {
      hits: [
        {
          hit: exact,
          method: exact.kind === 'name' ? 'exact-name' : 'exact-synonym',
          field,
          decision: { relation: 'exact', decidedBy: 'the whole text names the disease' },
        },
      ],
      tooAmbiguous: [],
    };
  const tw = splitWords(text);
  // splitWords follows normalizeName; should a text ever split otherwise, the word rules are left out rather than misapplied.
  const aligned = tw.words.join(' ') === normalizeName(text);
  const words = aligned ? tw.words : normalizeName(text).split(' ').filter(Boolean);
  // The patient group of another condition is kept: its relation says it is a complication (LINK_RELATION_RULE).
  const found = filterByContext(words, index.matchContainedWords(words, aligned ? tw : undefined), { keepPatientGroups: true });
  // A name whose every disease lies above a more specific one the same text names is a remnant ("... arising from indolent lymphoma").
  const specific = found.flatMap((h) => h.ids);
  const contained = found.filter((h) => !h.ids.every((id) => index.isAncestorOfAny(id, specific)));
  const spans = contained.flatMap((h) => (h.span ? [h.span] : []));
  const decide = (hit: NameHit): RelationDecision =>
    aligned && hit.span
      ? containedRelation(
          tw,
          hit.span[0],
          hit.span[1],
          spans.filter((s) => s !== hit.span),
          {
            ownGene: (symbol) => hit.ids.every((id) => index.hasCausalGene(id, symbol)),
            isName: (key) => index.namesDisease(key),
            ...ownOfAll(hit.ids, ownOf),
          },
        )
      : { relation: 'broader', decidedBy: 'the text could not be split into words as written; not known to name the whole disease' };
  return {
    hits: contained
      .filter(usable)
      .map((hit) => ({ hit, method: hit.kind === 'name' ? 'contained-name' : 'contained-synonym', field, decision: decide(hit) })),
    tooAmbiguous: [...(exact && !usable(exact) ? [exact] : []), ...contained.filter((h) => !usable(h))],
  };
}

/** What holds for every disease a name names (a name shared by two classes speaks of both). */
function ownOfAll(ids: readonly string[], ownOf: (id: string) => OwnFacts): OwnFacts {
  const all = ids.map(ownOf);
  const numbers = all.map((o) => o.subtypeNumbers).filter((n): n is ReadonlySet<string> => n !== undefined);
  return {
    ownWord: (w) => all.every((o) => o.ownWord?.(w) ?? false),
    ownManifestation: (words) => all.every((o) => o.ownManifestation?.(words) ?? false),
    subtypeNumbers: numbers.length === all.length && all.length > 0 ? new Set(numbers.flatMap((n) => [...n])) : undefined,
  };
}

/** Match one designation row: its designation text and, for an approval in force, its approved labeled indication. */
export function matchDesignation(row: OrphanDesignation, index: NameIndex, ownOf: (id: string) => OwnFacts = () => ({})): DesignationHits {
  const own = matchText(row.designation, index, 'designation', ownOf);
  const status = orphanStatusFromFda(row.designationStatus);
  if (status !== 'approved' || !row.approvedIndication) return { row, ...own };
  const byIndication = matchText(row.approvedIndication, index, 'approvedIndication', ownOf);
  return { row, hits: [...own.hits, ...byIndication.hits], tooAmbiguous: [...own.tooAmbiguous, ...byIndication.tooAmbiguous] };
}
