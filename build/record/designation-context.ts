import { type NameHit, normalizeName } from './name-index.ts';

/**
 * Context rules for disease names found inside FDA designation and indication text: a name that
 * the text negates, uses as part of a molecule's name, or names only as the patient group of
 * another treated condition is not what the designation treats.
 */

/** Words before a name that negate it: "non-cystic fibrosis bronchiectasis", "other than X", "excluding X". */
const NEGATION_BEFORE = new Set(['non', 'excluding', 'except', 'without']);
/** Words after a name that make it part of a molecule or gene name: "anaplastic lymphoma kinase", "cystic fibrosis transmembrane ...". */
const MOLECULAR_AFTER = new Set([
  'kinase',
  'gene',
  'genes',
  'protein',
  'proteins',
  'receptor',
  'receptors',
  'transmembrane',
  'antigen',
  'antigens',
  'virus',
  'positive',
  'negative',
  'tissue',
  'cell',
  'cells',
  'mutation',
  'mutations',
  'toxin',
]);
/** Phrases opening the patient group of a treated condition: "X in patients with Y" treats X. */
const GROUP_MARKERS = [/^in (?:\w+ ){0,3}(?:patients|children|adults|subjects|individuals|infants|people) with$/];

export const DESIGNATION_CONTEXT_RULE =
  'A disease name found inside designation or indication text is not linked when the word before it negates it ("non-", "other than", "excluding", ' +
  '"except", "without") or makes it another condition ("acute-on-chronic"), when it is a phrase of generic words only ("deficiency disease"), when the word after it makes it part of a molecule or cell name ("kinase", "gene", "receptor", "transmembrane", "positive", ' +
  '"cells", ...), when it only names the patient group of another condition that the text also names ("X in patients with Y" links X only; ' +
  'a designation links Y too, as a `complication`: LINK_RELATION_RULE), or when ' +
  'it names patients "who are receiving" or "undergoing" a treatment of something else. A name whose diseases all lie above a more specific disease ' +
  'that the same text names is left out (the specific one is linked).';

/**
 * Keep the contained hits that name what the text designates, by DESIGNATION_CONTEXT_RULE;
 * `keepPatientGroups` keeps the patient group of another named condition too (a designation links it as a complication).
 */
export function filterByContext(words: string[], hits: NameHit[], { keepPatientGroups = false } = {}): NameHit[] {
  const kept = hits.filter((h) => {
    if (!h.span) return true;
    const [start, end] = h.span;
    if (negatedAt(words, start)) return false;
    const before = words[start - 1];
    // "acute-on-chronic liver failure" is its own syndrome, not chronic liver failure.
    if (before === 'on' && words[start - 2] === 'acute') return false;
    if (words[end] && MOLECULAR_AFTER.has(words[end])) return false;
    // "patients with A, B and C who are receiving ...": the group, not the treated condition.
    const tail = words.slice(end, end + 10);
    if ((tail.includes('receiving') || tail.includes('undergoing')) && hasGroupBefore(words, start)) return false;
    return true;
  });
  if (keepPatientGroups) return kept;
  // "X in patients with Y": when a hit lies before the group marker, hits after it are the patient group.
  for (let i = 0; i < words.length; i++) {
    for (let len = 3; len <= 6 && i + len <= words.length; len++) {
      if (!GROUP_MARKERS.some((re) => re.test(words.slice(i, i + len).join(' ')))) continue;
      const head = kept.filter((h) => h.span && h.span[1] <= i);
      if (head.length > 0) return kept.filter((h) => !h.span || h.span[1] <= i);
    }
  }
  return kept;
}

/** A "patients with" (or children, adults...) shortly before word `start`. */
function hasGroupBefore(words: string[], start: number): boolean {
  for (let i = Math.max(0, start - 10); i < start; i++) {
    if (words[i + 1] === 'with' && /^(?:patients|children|adults|subjects|individuals|infants|people)$/.test(words[i])) return true;
  }
  return false;
}

/** A name starting at word `start` is negated by the words before it: "non-", "excluding", "except", "without", "other than". */
function negatedAt(words: readonly string[], start: number): boolean {
  const before = words[start - 1];
  return (before !== undefined && NEGATION_BEFORE.has(before)) || (before === 'than' && words[start - 2] === 'other');
}

/**
 * True when the text negates one of the names by DESIGNATION_CONTEXT_RULE's words ("excluding CLL"): a designation a
 * parent lists does not roll down to a subtype its text leaves out (ROLLUP_RULE).
 */
export function negatesName(text: string, names: readonly string[]): boolean {
  const words = normalizeName(text).split(' ');
  for (const name of names) {
    const n = normalizeName(name).split(' ').filter(Boolean);
    if (n.length === 0) continue;
    for (let i = 1; i + n.length <= words.length; i++) if (n.every((w, j) => words[i + j] === w) && negatedAt(words, i)) return true;
  }
  return false;
}
