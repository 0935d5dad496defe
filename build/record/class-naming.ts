/**
 * Which parent classes the overview names (CLASS_NAMING_RULE), and which parents are disease groups
 * that designations may roll down from. What a parent is comes from Mondo itself: its subsets (the
 * Orphanet typology Mondo carries, Mondo's own grouping subsets), how many classes lie below it, and
 * whether it is one of Mondo's organizing classes; whether it fits the disease comes from the
 * disease's own names and definition.
 */

import type { NamedClass } from './consolidated-types.ts';
import { CAUSE_WORDS, contentWords, contradicts } from './class-words.ts';

export type { NamedClass };

/** A class with more classes below it than this is an umbrella, whatever its subsets say. */
export const UMBRELLA_MIN_DESCENDANTS = 1000;
/** Most parent classes the overview names. */
export const MAX_NAMED_CLASSES = 2;
/** Mondo subsets of wide classes (organ systems, Harrison's chapters). */
const UMBRELLA_SUBSETS = ['rare_grouping', 'harrisons_view'];
/** Subsets that declare a class a group of disorders. */
const GROUP_SUBSETS = ['disease_grouping', 'ordo_group_of_disorders'];
/** Subsets that declare a class one disease: an Orphanet disorder of any kind, or an OMIM entry. */
const DISEASE_SUBSETS = /^(?:ordo_(?!group_of_disorders)\w+|omim)$/;

export const CLASS_NAMING_RULE =
  'The overview names at most two parent classes, the ones that say the most: disease groups first, fewest classes below first; an ' +
  `umbrella class only when no group is a parent and the record has no definition, and then the narrowest one alone. An umbrella is a class in ` +
  `Mondo's rare_grouping or harrisons_view subset that no subset declares a group of disorders (organ systems: "heart disorder"), one of ` +
  `Mondo's organizing classes or a ` +
  `class directly below one ("hereditary disease", "idiopathic disease"), or a class with more than ${UMBRELLA_MIN_DESCENDANTS} classes below ` +
  'it; every other class is a group ("osteochondrodysplasia", "hereditary neoplastic syndrome"). Never named: a parent that is itself one ' +
  "disease (an Orphanet disorder or OMIM entry in Mondo's subsets, and not a declared group of disorders) unless the disease's names " +
  'carry at least half of its content words and every word of cause among them, or its definition carries all of them (words of kind, ' +
  'inheritance, age, course or severity do not count: "early-onset autosomal dominant Alzheimer disease" asks for "Alzheimer"; "idiopathic" ' +
  'must be carried; "myotonic dystrophy type 1" is no form of "familial hypertrophic cardiomyopathy", "myelophthisic anemia" no ' +
  'form of "idiopathic aplastic anemia"); a parent whose label says the opposite of the disease\'s label (acute or chronic, benign or ' +
  'malignant, congenital or acquired, primary or secondary, early or late, syndromic or isolated, dominant or recessive: "B-cell chronic ' +
  'lymphocytic leukemia" under "acute lymphoblastic leukemia"); a numbered sibling subtype ("dilated cardiomyopathy 3B" for Duchenne ' +
  "muscular dystrophy: a parent whose name ends in a subtype number and does not begin the disease's own name); a grouping by mode of " +
  'inheritance ("autosomal recessive disease"), which the cause sentence states; and a class that names the disease itself: its label ' +
  'is the disease\'s name or one of its other names, contains its name, or is one of them with "and related disorders" or "and X-related ' +
  'disorder" added ("Huntington disease and related disorders"). FDA designations of a parent roll down only from the parents this rule ' +
  'accepts as groups (ROLLUP_RULE).';

/** What CLASS_NAMING_RULE reads of a parent class. */
export interface ParentClass {
  id: string;
  name: string;
  /** Classes below it in Mondo (transitively). */
  descendants: number;
  /** Its Mondo subsets. */
  subsets: readonly string[];
  /** One of Mondo's organizing classes (no parent) or a class directly below one. */
  organizing: boolean;
}

/** What CLASS_NAMING_RULE reads of the disease. */
export interface NamingSubject {
  name: string;
  otherNames: readonly string[];
  definition: string | null;
}

/** A name ending in a subtype designator: "3B", "type 2", "IIIA". */
const NUMBERED = /(?:\s|-)(?:type\s+)?(?:\d{1,2}[A-Za-z]?|[IVX]+[A-Za-z]?)$/;
/** Groupings by mode of inheritance: "autosomal recessive disease", "X-linked disease", ... */
const BY_INHERITANCE =
  /^(?:autosomal (?:dominant|recessive)|x-linked(?: dominant| recessive)?|y-linked|digenic|oligogenic)(?: inherited)? (?:disease|disorder)$/i;

/** True when a parent is a numbered subtype that is not the disease's own type ("dilated cardiomyopathy 3B" above DMD). */
export function numberedSibling(parentName: string, diseaseName: string): boolean {
  return NUMBERED.test(parentName) && !diseaseName.toLowerCase().startsWith(parentName.toLowerCase());
}

/** Lower case, single spaces, no punctuation: the form names are compared in. */
const plain = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
/** "and related disorders", "and Marfan-related disorder": the tail of a group named after its main member. */
const AND_RELATED = /\s+and\s+(?:\S+[- ])?related\s+(?:disorders?|diseases?|conditions?|syndromes?)$/i;

/**
 * True when a parent class names the disease itself (CLASS_NAMING_RULE): its label is the disease's
 * name or another name of it, contains the disease's name, or is one of its names (or the first words
 * of the name) with "and related disorders" added.
 */
export function namesItself(parentName: string, diseaseName: string, otherNames: readonly string[] = []): boolean {
  const parent = plain(parentName);
  const label = plain(diseaseName);
  const names = [label, ...otherNames.map(plain)].filter((n) => n.length > 5);
  // Another name counts when it is the whole label: a source's loose synonym ("human herpesvirus 8" of
  // Kaposi's sarcoma) would otherwise strike a true group ("human herpesvirus 8-related tumor").
  if ((label.length > 5 && parent.includes(label)) || names.includes(parent)) return true;
  if (!AND_RELATED.test(parentName)) return false;
  const head = plain(parentName.replace(AND_RELATED, ''));
  return names.some((n) => n.startsWith(head) || head.includes(n));
}

/** The kind of a parent class by CLASS_NAMING_RULE. */
export function classKind(p: Pick<ParentClass, 'descendants' | 'subsets' | 'organizing'>): NamedClass['kind'] {
  const declared = p.subsets.some((s) => GROUP_SUBSETS.includes(s));
  const umbrella =
    p.organizing || p.descendants > UMBRELLA_MIN_DESCENDANTS || (!declared && p.subsets.some((s) => UMBRELLA_SUBSETS.includes(s)));
  return umbrella ? 'umbrella' : 'group';
}

/** True for a parent that Mondo's subsets call one disease rather than a group of disorders. */
export function oneDisease(p: Pick<ParentClass, 'subsets'>): boolean {
  return p.subsets.some((s) => DISEASE_SUBSETS.test(s)) && !p.subsets.some((s) => GROUP_SUBSETS.includes(s));
}

/**
 * True when the disease's names carry at least half of the content words of a parent's label, every word of cause among them
 * (written joined counts: "branchiootorenal" carries "branchio-oto-renal"), or its definition carries all of them.
 */
export function carriesWords(parentName: string, subject: NamingSubject): boolean {
  const wanted = contentWords(parentName);
  if (wanted.length === 0) return true;
  const names = [subject.name, ...subject.otherNames];
  if (names.some((t) => contentWords(t).join('').includes(wanted.join('')))) return true;
  const inNames = new Set(names.flatMap(contentWords));
  const carried = wanted.filter((w) => inNames.has(w));
  if (carried.length * 2 >= wanted.length && wanted.every((w) => !CAUSE_WORDS.has(w) || inNames.has(w))) return true;
  const inDefinition = new Set(contentWords(subject.definition ?? ''));
  return wanted.every((w) => inDefinition.has(w));
}

/** Why a parent may not be named (CLASS_NAMING_RULE), or null when it may. */
export function refusal(p: ParentClass, subject: NamingSubject): string | null {
  if (numberedSibling(p.name, subject.name)) return 'numbered sibling';
  if (BY_INHERITANCE.test(p.name)) return 'mode of inheritance';
  if (namesItself(p.name, subject.name, subject.otherNames)) return 'names the disease itself';
  if (contradicts(p.name, subject.name)) return 'says the opposite of the disease';
  if (oneDisease(p) && !carriesWords(p.name, subject)) return 'another disease';
  return null;
}

/** The parents CLASS_NAMING_RULE accepts, with their kinds: groups before umbrellas, fewest classes below first. */
export function acceptedParents(subject: NamingSubject, parents: readonly ParentClass[]): (ParentClass & { kind: NamedClass['kind'] })[] {
  return parents
    .filter((p) => refusal(p, subject) === null)
    .map((p) => ({ ...p, kind: classKind(p) }))
    .sort(
      (a, b) =>
        Number(a.kind === 'umbrella') - Number(b.kind === 'umbrella') ||
        a.descendants - b.descendants ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
}

/** The parents the overview names, by CLASS_NAMING_RULE. */
export function namedClasses(subject: NamingSubject, parents: readonly ParentClass[]): NamedClass[] {
  const accepted = acceptedParents(subject, parents);
  // The record keeps the choice, not the counts behind it: a class gaining a subtype elsewhere
  // must not change every record below it.
  const named = (c: (typeof accepted)[number]): NamedClass => ({ id: c.id, name: c.name, kind: c.kind });
  const groups = accepted.filter((c) => c.kind === 'group');
  if (groups.length > 0) return groups.slice(0, MAX_NAMED_CLASSES).map(named);
  return subject.definition !== null ? [] : accepted.slice(0, 1).map(named);
}

/** Number of classes below each class (transitively), from a child map. */
export function descendantCounter(children: ReadonlyMap<string, readonly string[]>): (id: string) => number {
  const memo = new Map<string, Set<string>>();
  const below = (id: string): Set<string> => {
    const hit = memo.get(id);
    if (hit) return hit;
    const out = new Set<string>();
    memo.set(id, out);
    for (const c of children.get(id) ?? []) {
      out.add(c);
      for (const x of below(c)) out.add(x);
    }
    return out;
  };
  return (id) => below(id).size;
}
