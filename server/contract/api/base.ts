/** The facts every other contract module builds on: where the API lives and what a Mondo id looks like. */

export const API_BASE = '/api/v1';
/** A Mondo id as the API accepts it. */
export const MONDO_ID_PATTERN = '^MONDO:\\d{7}$';
/** An HPO term id: `HP:` and seven digits. */
export const HPO_ID_PATTERN = '^HP:\\d{7}$';
