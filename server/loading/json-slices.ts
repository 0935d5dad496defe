import { JsonMembers } from './json-members.ts';
import type { Work } from './slices.ts';

/** Bytes of JSON parsed in one call: about half a millisecond of JSON.parse. */
const BATCH_BYTES = 64 * 1024;
/** Bytes scanned between two pause points while looking for where members end. */
const SCAN_BYTES = 256 * 1024;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
/** What the scan does with a byte: 0 nothing (most bytes), else one of the kinds below. */
const KIND = new Uint8Array(256);
const STRING = 1;
const OPENS = 2;
const CLOSES = 3;
const SEPARATES = 4;
KIND[QUOTE] = STRING;
KIND[OPEN_OBJECT] = OPENS;
KIND[OPEN_ARRAY] = OPENS;
KIND[CLOSE_OBJECT] = CLOSES;
KIND[CLOSE_ARRAY] = CLOSES;
KIND[COMMA] = SEPARATES;

/**
 * JSON.parse of a large document in slices: the same value, made of batches of the top-level
 * container's members (about BATCH_BYTES each, parsed by JSON.parse), with a pause point after
 * each batch. A member larger than a batch is parsed the same way, one level down. JSON.parse of
 * the real lookups took a third of a second in one piece; this never runs a millisecond without a
 * pause point. Throws a SyntaxError on what JSON.parse would refuse.
 */
export function* parseJsonSliced(bytes: Buffer, inPlace: readonly string[] = []): Work<unknown> {
  const [from, to] = trim(bytes, 0, bytes.length);
  if (inPlace.length === 0 || bytes[from] !== OPEN_OBJECT) return yield* parseValue(bytes, from, to);
  // Members named in `inPlace` (objects) stay bytes, read a member at a time (JsonMembers).
  const spans: { key: string; from: number; to: number }[] = [];
  yield* objectMembers(bytes, from, to, (key, valueFrom, valueTo) => spans.push({ key, from: valueFrom, to: valueTo }));
  const out: Record<string, unknown> = {};
  for (const m of spans) {
    const value = inPlace.includes(m.key)
      ? yield* JsonMembers.load(bytes, m.from, m.to, (onMember) => objectMembers(bytes, m.from, m.to, onMember))
      : yield* parseValue(bytes, m.from, m.to);
    setMember(out, m.key, value);
  }
  return out;
}

/**
 * Each member of the object `from`..`to` (braces included): its key and the span of its value,
 * found by a scan with a pause point every SCAN_BYTES.
 */
export function* objectMembers(
  bytes: Buffer,
  from: number,
  to: number,
  onMember: (key: string, valueFrom: number, valueTo: number) => void,
): Work<void> {
  if (bytes[from] !== OPEN_OBJECT || bytes[to - 1] !== CLOSE_OBJECT) throw new SyntaxError(`JSON: expected an object at byte ${from}`);
  const [start, end] = trim(bytes, from + 1, to - 1);
  if (start === end) return;
  let memberStart = start;
  let depth = 0;
  let scanned = 0;
  for (let i = start; i <= end; i++) {
    const kind = i === end ? SEPARATES : KIND[bytes[i]];
    if (kind === 0) continue;
    if (kind === STRING) i = stringEnd(bytes, i);
    else if (kind === OPENS) depth++;
    else if (kind === CLOSES) depth--;
    else if (depth === 0) {
      const m = member(bytes, memberStart, i);
      onMember(m.key, m.valueFrom, m.valueTo);
      memberStart = i + 1;
    }
    if (++scanned >= SCAN_BYTES) {
      scanned = 0;
      yield;
    }
  }
  if (depth !== 0) throw new SyntaxError(`JSON: unbalanced brackets in the object at byte ${from}`);
}

function* parseValue(bytes: Buffer, from: number, to: number): Work<unknown> {
  const open = bytes[from];
  if (to - from <= BATCH_BYTES || (open !== OPEN_OBJECT && open !== OPEN_ARRAY)) {
    const value = JSON.parse(bytes.toString('utf8', from, to));
    yield;
    return value;
  }
  const close = open === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
  if (bytes[to - 1] !== close) throw new SyntaxError(`JSON: the container at byte ${from} does not end where its value ends`);
  const isObject = open === OPEN_OBJECT;
  const out: unknown[] | Record<string, unknown> = isObject ? {} : [];
  const inner = trim(bytes, from + 1, to - 1);
  if (inner[0] === inner[1]) return out;
  // Arrays are cut where their members seem to end, without a scan; the rest is scanned exactly.
  const scanFrom = isObject ? inner[0] : yield* addGuessedBatches(out as unknown[], bytes, inner[0], inner[1]);
  if (scanFrom > inner[1]) return out;
  let batchStart = scanFrom;
  let memberStart = scanFrom;
  let depth = 0;
  let scanned = 0;
  const last = inner[1];
  for (let i = scanFrom; i <= last; i++) {
    const kind = i === last ? SEPARATES : KIND[bytes[i]];
    if (kind === 0) continue;
    if (kind === STRING) {
      i = stringEnd(bytes, i);
    } else if (kind === OPENS) depth++;
    else if (kind === CLOSES) depth--;
    else if (depth === 0) {
      if (i - memberStart > BATCH_BYTES) {
        // A large member alone: the batch before it, then the member one level down.
        if (memberStart > batchStart) yield* addBatch(out, bytes, batchStart, memberStart - 1, isObject);
        yield* addLarge(out, bytes, memberStart, i, isObject);
        batchStart = i + 1;
      } else if (i - batchStart >= BATCH_BYTES || i === last) {
        yield* addBatch(out, bytes, batchStart, i, isObject);
        batchStart = i + 1;
      }
      memberStart = i + 1;
    }
    if (++scanned >= SCAN_BYTES) {
      scanned = 0;
      yield;
    }
  }
  if (depth !== 0) throw new SyntaxError(`JSON: unbalanced brackets in the container at byte ${from}`);
  return out;
}

/**
 * Batches of an array's members cut without a scan: after about BATCH_BYTES, at the next place
 * where two members of the first member's kind meet (`,` between numbers, `","` between strings,
 * `},{` between objects, `],[` between arrays). JSON.parse checks each guess: a cut inside a
 * string or a nested container leaves the batch with an open string or bracket, which it
 * refuses. Returns where the exact scan must go on (past `to` when every member was added).
 */
function* addGuessedBatches(out: unknown[], bytes: Buffer, from: number, to: number): Work<number> {
  const first = bytes[from];
  const between =
    first === QUOTE
      ? SEPARATOR.strings
      : first === OPEN_OBJECT
        ? SEPARATOR.objects
        : first === OPEN_ARRAY
          ? SEPARATOR.arrays
          : SEPARATOR.scalars;
  const offset = between.indexOf(COMMA);
  let start = from;
  while (to - start > BATCH_BYTES) {
    const at = bytes.indexOf(between, start + BATCH_BYTES);
    if (at < 0 || at + offset >= to) break;
    const comma = at + offset;
    let members: unknown[];
    try {
      members = JSON.parse(`[${bytes.toString('utf8', start, comma)}]`) as unknown[];
    } catch {
      return start;
    }
    for (const v of members) out.push(v);
    start = comma + 1;
    yield;
  }
  // The rest in one batch when it is small; otherwise (no member boundary of the guessed kind) the scan.
  if (to - start > BATCH_BYTES) return start;
  try {
    for (const v of JSON.parse(`[${bytes.toString('utf8', start, to)}]`) as unknown[]) out.push(v);
  } catch {
    return start;
  }
  yield;
  return to + 1;
}

const SEPARATOR = {
  scalars: Buffer.from(','),
  strings: Buffer.from('","'),
  objects: Buffer.from('},{'),
  arrays: Buffer.from('],['),
};

/** Members `from`..`to` (exclusive; comma-separated) parsed as one container and added to `out`. */
function* addBatch(out: unknown[] | Record<string, unknown>, bytes: Buffer, from: number, to: number, isObject: boolean): Work<void> {
  const text = bytes.toString('utf8', from, to);
  if (!isObject) {
    for (const v of JSON.parse(`[${text}]`) as unknown[]) (out as unknown[]).push(v);
  } else {
    const part = JSON.parse(`{${text}}`) as Record<string, unknown>;
    for (const key of Object.keys(part)) setMember(out as Record<string, unknown>, key, part[key]);
  }
  yield;
}

/** One large member `from`..`to`: an array element, or `"key": value`, whose value is parsed in slices. */
function* addLarge(out: unknown[] | Record<string, unknown>, bytes: Buffer, from: number, to: number, isObject: boolean): Work<void> {
  const [start, end] = trim(bytes, from, to);
  if (!isObject) {
    (out as unknown[]).push(yield* parseValue(bytes, start, end));
    return;
  }
  const m = member(bytes, start, end);
  setMember(out as Record<string, unknown>, m.key, yield* parseValue(bytes, m.valueFrom, m.valueTo));
}

/** An object's member `from`..`to` (`"key": value`): its key, and where its value is. */
function member(bytes: Buffer, from: number, to: number): { key: string; valueFrom: number; valueTo: number } {
  const [keyFrom, end] = trim(bytes, from, to);
  if (bytes[keyFrom] !== QUOTE) throw new SyntaxError(`JSON: expected a member name at byte ${keyFrom}`);
  const keyEnd = stringEnd(bytes, keyFrom);
  const key = JSON.parse(bytes.toString('utf8', keyFrom, keyEnd + 1)) as string;
  const [colon] = trim(bytes, keyEnd + 1, end);
  if (bytes[colon] !== COLON) throw new SyntaxError(`JSON: expected ':' at byte ${colon}`);
  const [valueFrom, valueTo] = trim(bytes, colon + 1, end);
  if (valueFrom === valueTo) throw new SyntaxError(`JSON: a member without a value at byte ${colon}`);
  return { key, valueFrom, valueTo };
}

/** As JSON.parse makes members: `__proto__` is an own property, not the prototype. */
function setMember(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** The index of the quote that closes the string opening at `at`. */
function stringEnd(bytes: Buffer, at: number): number {
  let end = bytes.indexOf(QUOTE, at + 1);
  for (;;) {
    if (end < 0) throw new SyntaxError(`JSON: unterminated string at byte ${at}`);
    let slashes = 0;
    while (bytes[end - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
    end = bytes.indexOf(QUOTE, end + 1);
  }
}

/** `from`..`to` without JSON whitespace at either end. */
function trim(bytes: Buffer, from: number, to: number): [number, number] {
  while (from < to && isSpace(bytes[from])) from++;
  while (to > from && isSpace(bytes[to - 1])) to--;
  return [from, to];
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
