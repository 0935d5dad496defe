/**
 * The value syntax of OBO 1.4 flat files (https://owlcollab.github.io/oboformat/doc/obo-syntax.html),
 * shared by the Mondo and Disease Ontology readers: quoted strings with backslash escapes, dbxref
 * lists in brackets, trailing `{name="value", ...}` qualifier blocks and `! comment`s.
 * Each function throws a plain Error with the detail; callers add the file and line.
 */

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', W: ' ' };

/** Removes backslash escapes (`\"`, `\\`, `\n`, `\t`, `\W`, `\,`, ...). */
export function unescapeObo(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}

/** The leading quoted string of `value` and what follows its closing quote (trimmed). */
export function readQuoted(value: string): { text: string; rest: string } {
  if (!value.startsWith('"')) throw new Error('expected quoted text');
  for (let i = 1; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') i++;
    else if (c === '"') return { text: unescapeObo(value.slice(1, i)), rest: value.slice(i + 1).trim() };
  }
  throw new Error('unterminated quoted text');
}

/**
 * Reads a `[...]` dbxref list at the start of `value`: ids separated by unescaped commas, each
 * optionally followed by a quoted description (dropped). Returns the ids and what follows `]`.
 */
export function readXrefList(value: string): { ids: string[]; rest: string } {
  if (!value.startsWith('[')) throw new Error('expected a [dbxref list]');
  const ids: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 1; i < value.length; i++) {
    const c = value[i];
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ',' || c === ']')) {
      const id = current
        .trim()
        .replace(/\s+".*"$/s, '')
        .split(/\s+/, 1)[0];
      if (id !== '') ids.push(unescapeObo(id));
      current = '';
      if (c === ']') return { ids, rest: value.slice(i + 1).trim() };
      continue;
    }
    current += c;
  }
  throw new Error('unterminated [dbxref list]');
}

/**
 * Splits a tag value into its body and trailing qualifiers: `MONDO:1 {source="X", source="Y"}`
 * gives body `MONDO:1` and qualifiers [['source', 'X'], ['source', 'Y']]. A `! comment` after
 * the value is dropped. Quotes in the body are respected when looking for `{` and `!`.
 */
export function splitQualifiers(value: string): { body: string; qualifiers: [string, string][] } {
  let quoted = false;
  let end = value.length;
  let brace = -1;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '{' && brace < 0) brace = i;
    else if (!quoted && c === '!' && (i === 0 || /\s/.test(value[i - 1])) && (brace < 0 || value.lastIndexOf('}', i) > brace)) {
      end = i;
      break;
    }
  }
  if (brace < 0) return { body: value.slice(0, end).trim(), qualifiers: [] };
  const close = value.lastIndexOf('}', end);
  if (close < brace) throw new Error('unterminated {qualifier} block');
  return { body: value.slice(0, brace).trim(), qualifiers: readQualifiers(value.slice(brace + 1, close)) };
}

function readQualifiers(text: string): [string, string][] {
  const out: [string, string][] = [];
  const pattern = /\s*([^=,\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^,]*)\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < text.length && (match = pattern.exec(text)) !== null) {
    const raw = match[2];
    out.push([match[1], raw.startsWith('"') ? unescapeObo(raw.slice(1, -1)) : raw.trim()]);
    at = pattern.lastIndex;
    if (match[0] === '') break;
  }
  if (text.slice(at).trim() !== '') throw new Error(`malformed qualifier "${text.slice(at).trim()}"`);
  return out;
}

/** `tag: value` of one line, or null for blank lines, comments and stanza headers. */
export function tagValue(line: string): { tag: string; value: string } | null {
  if (line === '' || line.startsWith('!') || line.startsWith('[')) return null;
  const colon = line.indexOf(':');
  if (colon <= 0) return null;
  return { tag: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
}
