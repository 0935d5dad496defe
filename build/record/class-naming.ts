/**
 * Which parent classes the overview names (CLASS_NAMING_RULE), and which parents are disease groups
 * that designations may roll down from. Informativeness is read from Mondo's own structure: a class
 * with few classes below it says more about a disease than one with hundreds.
 */

import type { NamedClass } from './consolidated-types.ts';

export type { NamedClass };

/** A class with more classes below it than this is an organ-system or other umbrella, not a disease group. */
export const UMBRELLA_MIN_DESCENDANTS = 250;
/** Most parent classes the overview names. */
export const MAX_NAMED_CLASSES = 2;

export const CLASS_NAMING_RULE =
  'The overview names at most two parent classes, the ones that say the most: disease groups (classes with at most ' +
  `${UMBRELLA_MIN_DESCENDANTS} classes below them in Mondo) first, fewest classes below first; an umbrella class (more than ${UMBRELLA_MIN_DESCENDANTS}, such ` +
  'as an organ system) only when no group is a parent and the record has no definition, and then the narrowest one alone: an umbrella names ' +
  'one organ system of what may be a disease of several ("cystic fibrosis, a form of respiratory system disorder"), and the definition, ' +
  'which follows, says what the disease is. Never named: a numbered sibling subtype ' +
  '("dilated cardiomyopathy 3B" for Duchenne muscular dystrophy: a parent whose name ends in a subtype number and does not begin the ' +
  'disease\'s own name), a grouping by mode of inheritance ("autosomal recessive disease"), which the cause sentence states, and a ' +
  "class that names the disease itself: its label is the disease's name or one of its other names, contains its name, or is one of " +
  'them with "and related disorders" or "and X-related disorder" added ("Huntington disease and related disorders", "Marfan and ' +
  'Marfan-related disorder" above Marfan syndrome).';

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

/** The kind of a class by the number of classes below it. */
export function classKind(descendantCount: number): NamedClass['kind'] {
  return descendantCount > UMBRELLA_MIN_DESCENDANTS ? 'umbrella' : 'group';
}

/** The parents the overview names, by CLASS_NAMING_RULE; `defined` when the record has a definition, `otherNames` its other names. */
export function namedClasses(
  diseaseName: string,
  parents: readonly { id: string; name: string }[],
  descendantCount: (id: string) => number,
  defined: boolean,
  otherNames: readonly string[] = [],
): NamedClass[] {
  const candidates = parents
    .filter((p) => !numberedSibling(p.name, diseaseName) && !BY_INHERITANCE.test(p.name) && !namesItself(p.name, diseaseName, otherNames))
    .map((p) => ({ id: p.id, name: p.name, size: descendantCount(p.id) }))
    .sort((a, b) => a.size - b.size || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // The record keeps the choice, not the counts behind it: a class gaining a subtype elsewhere
  // must not change every record below it.
  const named = (c: (typeof candidates)[number]): NamedClass => ({ id: c.id, name: c.name, kind: classKind(c.size) });
  const groups = candidates.filter((c) => classKind(c.size) === 'group');
  if (groups.length > 0) return groups.slice(0, MAX_NAMED_CLASSES).map(named);
  return defined ? [] : candidates.slice(0, 1).map(named);
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
