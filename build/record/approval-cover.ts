import type { ApprovalCovers, Covers, DesignationLink, LinkRelation } from './consolidated-types.ts';
import { closestRelation } from './designation-relation.ts';
import type { NameIndex } from './name-index.ts';

/**
 * What a designation and its approvals cover of the disease they are listed on, in words that read
 * without a glossary (COVERS_RULE, APPROVAL_COVER_RULE).
 */

/** Each relation in plain words: what the designation covers of this disease. */
export const COVERS: Record<LinkRelation, Covers> = {
  exact: 'whole-disease',
  broader: 'part-of-disease',
  complication: 'condition-in-patients',
  narrower: 'wider-condition',
};

export const COVERS_RULE =
  '`covers` says what the designation covers of this disease, in words that need no glossary: `whole-disease` (relation `exact`), ' +
  '`part-of-disease` (relation `broader`: a stage, subtype, genotype or patient group of it), `condition-in-patients` (relation ' +
  '`complication`: another condition in its patients), `wider-condition` (relation `narrower`: a wider condition that includes it). ' +
  '`relation` keeps its 1.5.0 values for clients of that version; the two always agree.';

export const APPROVAL_COVER_RULE =
  '`approvalCovers`, for an approved designation (null otherwise), says what its approved labeled indications cover of this disease: the ' +
  'closest `covers` of the links through an approved indication; when no indication names this disease, `wider-condition` if one names a ' +
  'class above it as a whole (exact or narrower there), `part-of-disease` if one names a class below it, `another-condition` if they name ' +
  'only other diseases (albendazole, designated for hydatid disease including alveolar echinococcosis and approved for the cystic form, is ' +
  "not approved for alveolar echinococcosis), and the designation's own `covers` if they name no disease. The overview and the treatment " +
  'section list a product as approved for this disease, a part of it, a condition in its patients or a wider condition by `approvalCovers`; ' +
  'one approved for another condition only is listed with the designations.';

/** What the approvals of a designation cover of disease `id` (APPROVAL_COVER_RULE); null when it is not approved. */
export function approvalCovers(
  id: string,
  approved: boolean,
  links: readonly DesignationLink[],
  approvals: ReadonlyMap<string, readonly LinkRelation[]>,
  index: Pick<NameIndex, 'isAncestorOfAny'>,
): ApprovalCovers | null {
  if (!approved) return null;
  const own = links.filter((l) => l.field === 'approvedIndication');
  if (own.length > 0) return COVERS[closestRelation(own.map((l) => l.relation))];
  const named = [...approvals].filter(([other]) => other !== id);
  if (named.length === 0) return COVERS[closestRelation(links.map((l) => l.relation))];
  if (named.some(([other, rel]) => index.isAncestorOfAny(other, [id]) && rel.some((r) => r === 'exact' || r === 'narrower')))
    return 'wider-condition';
  if (named.some(([other]) => index.isAncestorOfAny(id, [other]))) return 'part-of-disease';
  return 'another-condition';
}

const RELATION_OF: Record<Covers, LinkRelation> = {
  'whole-disease': 'exact',
  'part-of-disease': 'broader',
  'condition-in-patients': 'complication',
  'wider-condition': 'narrower',
};

/**
 * The relation under which prose lists an entry: an approved one by what its approvals cover (null when they cover another
 * condition only), any other by its designation's relation.
 */
export function shownRelation(d: { status: string; relation: LinkRelation; approvalCovers: ApprovalCovers | null }): LinkRelation | null {
  if (d.status !== 'approved' || d.approvalCovers === null) return d.relation;
  return d.approvalCovers === 'another-condition' ? null : RELATION_OF[d.approvalCovers];
}
