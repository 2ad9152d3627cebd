import { randomBytes } from 'node:crypto';

/**
 * Ids for the rows of one bulk write, in ascending order: UUID version 7 (RFC 9562), the write's
 * millisecond, 42 random bits shared by the write, then a 32-bit counter from a random start below
 * 2^31 (so it cannot wrap within a write). A B-tree fed ascending keys appends to its rightmost leaf;
 * random version-4 ids landed all over the primary key's index, a page read, split and logged per
 * row: on a workbook import (90,000 rows into PGlite) that index cost ~2.5× what it does in order.
 * Two writes of the same millisecond differ by their 42 shared random bits and their counter's start.
 */
export function createOrderedIds(now: number = Date.now()): () => string {
  const range = createOrderedIdRange(now);
  let index = 0;
  return () => range.idAt(index++);
}

/**
 * The ids createOrderedIds would make, one after the other, as a range: the id at a position is its
 * prefix and its counter's start plus the position, as eight hex digits. A bulk write sends the
 * prefix and the start, and the database makes each row's id (upsertPricePoints): 83k ids as text
 * were 3.2 MB of the 22-file import's statements for the client to build and send and for the
 * database to parse as an array.
 */
export interface OrderedIdRange {
  /** The id's first 28 characters (8-4-4-4-4 of 8-4-4-4-12). */
  prefix: string;
  /** The counter of position 0: below 2^31, so that start + position stays within eight hex digits. */
  start: number;
  idAt(position: number): string;
}

export function createOrderedIdRange(now: number = Date.now()): OrderedIdRange {
  const bytes = randomBytes(16);
  const time = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0').slice(-12);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  // 8-4-4-4-12: the time (12 hex), version and rand_a (4), variant and random (4), random (4), counter (8).
  const prefix = `${time.slice(0, 8)}-${time.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 24)}`;
  const start = bytes.readUInt32BE(12) & 0x7fffffff;
  return { prefix, start, idAt: (position) => `${prefix}${(start + position).toString(16).padStart(8, '0')}` };
}
