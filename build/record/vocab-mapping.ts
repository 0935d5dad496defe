import type { InheritanceTerm, OnsetCategory, OrphanDrugStatus, PrevalenceCategory } from '../../server/contract/api/vocab.ts';

/**
 * One vocabulary for inheritance, onset and prevalence, whatever the source wrote. HPO terms map
 * through their nearest anchor ancestor, so subtypes (e.g. "Male-limited autosomal dominant")
 * land on the broad mode a filter user asks for; Orphanet strings map by exact text.
 */

/** Most specific anchors first: the first anchor found among a term's ancestors wins. */
const HPO_INHERITANCE_ANCHORS: [string, InheritanceTerm][] = [
  ['HP:0001444', 'somatic'], // Autosomal dominant somatic cell mutation
  ['HP:0001428', 'somatic'],
  ['HP:0001442', 'somatic'],
  ['HP:0032113', 'semidominant'],
  ['HP:0001419', 'x-linked-recessive'],
  ['HP:0001423', 'x-linked-dominant'],
  ['HP:0001417', 'x-linked'],
  ['HP:0001450', 'y-linked'],
  ['HP:0000006', 'autosomal-dominant'],
  ['HP:0000007', 'autosomal-recessive'],
  ['HP:0001427', 'mitochondrial'],
  ['HP:0010984', 'digenic'],
  ['HP:0010983', 'oligogenic'],
  ['HP:0010982', 'multifactorial'],
  ['HP:0001426', 'multifactorial'],
  ['HP:0003745', 'sporadic'],
];

const ORPHANET_INHERITANCE: Record<string, InheritanceTerm | null> = {
  'Autosomal dominant': 'autosomal-dominant',
  'Autosomal recessive': 'autosomal-recessive',
  'X-linked recessive': 'x-linked-recessive',
  'X-linked dominant': 'x-linked-dominant',
  'Y-linked': 'y-linked',
  'Mitochondrial inheritance': 'mitochondrial',
  'Multigenic/multifactorial': 'multifactorial',
  Oligogenic: 'oligogenic',
  'Semi-dominant': 'semidominant',
  'Not applicable': 'not-applicable',
  Unknown: 'unknown',
  // "No data available" / "Not yet documented" state an absence of data, not a mode.
  'No data available': null,
  'Not yet documented': null,
};

const HPO_ONSET_ANCHORS: [string, OnsetCategory][] = [
  ['HP:0030674', 'antenatal'], // Antenatal onset (embryonal, fetal below it)
  ['HP:0003623', 'neonatal'],
  ['HP:0003577', 'neonatal'], // Congenital onset: present at birth
  ['HP:0003593', 'infancy'],
  ['HP:0011463', 'childhood'],
  ['HP:0003621', 'childhood'], // Juvenile onset (5-15 y) overlaps childhood more than adolescence
  ['HP:0003584', 'elderly'], // Late onset
  ['HP:0003581', 'adult'],
];

const ORPHANET_ONSET: Record<string, OnsetCategory | null> = {
  Antenatal: 'antenatal',
  Neonatal: 'neonatal',
  Infancy: 'infancy',
  Childhood: 'childhood',
  Adolescent: 'adolescent',
  Adult: 'adult',
  Elderly: 'elderly',
  'All ages': 'all-ages',
  'No data available': null,
};

/** Walk up the HPO is_a graph to the first anchor; ancestors(id) must include id itself first. */
function byAnchor<T>(ancestors: string[], anchors: [string, T][]): T | null {
  const set = new Set(ancestors);
  for (const [anchor, term] of anchors) if (set.has(anchor)) return term;
  return null;
}

/** Map an HPO mode-of-inheritance term (given with its ancestors) to the vocabulary; null when it is not a mode. */
export function inheritanceFromHpo(ancestors: string[]): InheritanceTerm | null {
  return byAnchor(ancestors, HPO_INHERITANCE_ANCHORS);
}
/** Map an Orphanet TypeOfInheritance value; undefined when the string is not known (a QC warning). */
export function inheritanceFromOrphanet(value: string): InheritanceTerm | null | undefined {
  return ORPHANET_INHERITANCE[value];
}
/** Map an HPO onset term (given with its ancestors); null when it is not an onset category. */
export function onsetFromHpo(ancestors: string[]): OnsetCategory | null {
  return byAnchor(ancestors, HPO_ONSET_ANCHORS);
}
/** Map an Orphanet AverageAgeOfOnset value; undefined when unknown to us. */
export function onsetFromOrphanet(value: string): OnsetCategory | null | undefined {
  return ORPHANET_ONSET[value];
}

const CLASS_CATEGORY: Record<string, PrevalenceCategory> = {
  '>1 / 1000': 'common',
  '6-9 / 10 000': 'uncommon',
  '1-5 / 10 000': 'rare',
  '1-9 / 100 000': 'very-rare',
  '1-9 / 1 000 000': 'ultra-rare',
  '<1 / 1 000 000': 'ultra-rare',
};
/** The category of one Orphanet prevalence class string; 'unknown' for Unknown / no data. */
export function prevalenceCategoryOfClass(cls: string | null): PrevalenceCategory {
  return (cls && CLASS_CATEGORY[cls]) || 'unknown';
}

/**
 * The FDA's designation status wording as an OrphanDrugStatus: any "Withdrawn" (the 2022 export's
 * `Designated/Approved/Withdrawn`, the 2024 export's `... Designation Withdrawn or Revoked`) makes it
 * `withdrawn`, else "Approved" makes it `approved`, else `Designated` is `designated`. Other
 * wording is unknown (undefined): the caller reports it instead of guessing.
 */
export function orphanStatusFromFda(status: string): OrphanDrugStatus | undefined {
  const parts = status.split('/').map((p) => p.trim());
  if (parts[0] !== 'Designated') return undefined;
  if (parts.some((p) => /^(Designation )?Withdrawn( or Revoked)?$/.test(p))) return 'withdrawn';
  if (parts.includes('Approved')) return 'approved';
  return parts.length === 1 ? 'designated' : undefined;
}
