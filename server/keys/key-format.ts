import { createHash, randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import { KEY_PREFIX_SOURCE } from '../contract/api/key-prefixes.ts';

export type KeyKind = 'live' | 'test';

/** Why a string is not a usable key, decided without any lookup. */
export type KeyFormatError = 'malformed' | 'checksum';
export type ParsedKey = { ok: true; kind: KeyKind } | { ok: false; reason: KeyFormatError };

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters carry about 190 bits of entropy. */
export const RANDOM_LENGTH = 32;
/** 62^6 > 2^32, so six characters hold any CRC-32 value. */
export const CHECKSUM_LENGTH = 6;

const KEY_PATTERN = new RegExp(`^(${KEY_PREFIX_SOURCE}[0-9A-Za-z]{32})([0-9A-Za-z]{6})$`);
// 248 = 4 * 62: a byte at or above it would make the first 8 characters more likely than the rest.
const UNBIASED_LIMIT = 248;

/** CRC-32 (IEEE) computed bit by bit, for Node 20 releases before 20.15, which lack zlib.crc32. */
export function crc32Fallback(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const crc32: (text: string) => number = typeof zlib.crc32 === 'function' ? (text) => zlib.crc32(text) : crc32Fallback;

/**
 * `length` uniformly random base62 characters. Bytes of 248 and above are thrown away rather than
 * reduced modulo 62 (rejection sampling), so no character is more likely than another.
 * `source` exists for tests; it defaults to crypto.randomBytes.
 */
export function randomBase62(length: number, source: (size: number) => Uint8Array = randomBytes): string {
  let out = '';
  while (out.length < length) {
    // About 3% of bytes are rejected, so twice the length almost always suffices in one round.
    for (const byte of source(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Six base62 characters of the CRC-32 of `body` (the key's prefix and random part), most significant first. */
export function checksum(body: string): string {
  let value = crc32(body);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A new API key: `svc_live_` or `svc_test_`, 32 random base62 characters, then their 6-character checksum. */
export function generateKey(kind: KeyKind): string {
  const body = `svc_${kind}_${randomBase62(RANDOM_LENGTH)}`;
  return body + checksum(body);
}

/**
 * Check a presented key's shape and checksum. CRC-32 detects every error burst of up to 32 bits, so a
 * single mistyped character (or two swapped neighbours in the random part) never reaches the key store.
 */
export function parseKey(key: string): ParsedKey {
  const match = KEY_PATTERN.exec(key);
  if (!match) return { ok: false, reason: 'malformed' };
  if (checksum(match[1]) !== match[3]) return { ok: false, reason: 'checksum' };
  return { ok: true, kind: match[2] as KeyKind };
}

/**
 * SHA-256 hex of the whole key, the only form in which keys are stored. A fast hash is enough here:
 * slow password hashes exist to make guessing low-entropy secrets expensive, and guessing one of
 * 62^32 (about 2^190) random keys is already out of reach; a fast hash also keeps per-request lookup cheap.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
