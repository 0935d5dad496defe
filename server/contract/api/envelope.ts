/**
 * The response envelope: every 200 body is a JSON object whose first member is `data`. The build
 * writes stored bodies with these functions and records splice offsets in the manifest; the server
 * cuts `data` values back out of stored bytes with them, to compose `?sections=` and bulk bodies
 * without parsing JSON.
 */

/** The bytes every envelope starts with. */
export const DATA_OPEN = '{"data":';
const OPEN_BYTES = Buffer.byteLength(DATA_OPEN);

/** `{"data":<json>}` for a value already serialized as JSON. */
export function envelopeJson(json: string): string {
  return `${DATA_OPEN + json}}`;
}

/** `{"data":<value>}` as bytes. */
export function envelope(data: unknown): Buffer {
  return Buffer.from(envelopeJson(JSON.stringify(data)));
}

/**
 * A stored record body laid out for splicing: `{"data":{<fields>,"sections":<sections>}}`.
 * Returns the body and `sectionsAt`, the byte offset of `"sections":` (the manifest's `extra`).
 */
export function recordEnvelope(fields: object, sections: object): { body: Buffer; sectionsAt: number } {
  const head = `${DATA_OPEN + JSON.stringify(fields).slice(0, -1)},`;
  return { body: Buffer.from(`${head}"sections":${JSON.stringify(sections)}}}`), sectionsAt: Buffer.byteLength(head) };
}

/**
 * A stored section body `{"data":<section>,<rest members>}`; `dataEnd` is the byte offset where the
 * `data` value ends (the manifest's `extra`).
 */
export function sectionEnvelope(section: object, rest: Record<string, unknown>): { body: Buffer; dataEnd: number } {
  const start = DATA_OPEN + JSON.stringify(section);
  const tail = JSON.stringify(rest);
  return { body: Buffer.from(start + (tail === '{}' ? '}' : `,${tail.slice(1)}`)), dataEnd: Buffer.byteLength(start) };
}

/** The `data` value of an envelope body that ends right after it (`{"data":<value>}`). */
export function dataOf(body: Buffer): Buffer {
  return body.subarray(OPEN_BYTES, body.length - 1);
}

/** The `data` value of an envelope body whose value ends at byte `end` (a section's `dataEnd`). */
export function dataUntil(body: Buffer, end: number): Buffer {
  return body.subarray(OPEN_BYTES, end);
}

/** The members of a spliceable record's `data` before `"sections":` (`sectionsAt`), with their trailing comma. */
export function recordFieldsOf(body: Buffer, sectionsAt: number): Buffer {
  return body.subarray(OPEN_BYTES, sectionsAt);
}
