/**
 * The chain check of /audit/verify over a chunk of entries read raw: PGlite (PostgreSQL in
 * WebAssembly, one thread) spent most of a verify writing the canonical texts (to_json, extract and
 * the concatenations of audit_entry_hash); here it only sends the columns, and this writes each
 * entry's canonical text (audit.hash.ts) byte for byte as audit_entry_hash does, and hashes it.
 *
 * The chunk is one row of COPY … (FORMAT binary), whose fields are AUDIT_CHAIN_COLUMNS, each
 * aggregated into an array over the chunk's entries in id order (readAuditChainColumns of
 * audit.repository.ts). Binary: the id and timestamp as 64-bit integers (no decimal or date text
 * to write), the uuid as 16 bytes, texts as their UTF-8 bytes, jsonb as a version byte and then
 * jsonb's own text (jsonb_send writes what jsonb's output writes, the `details::text` of the hash).
 * audit.test.ts holds the texts written here to audit_entry_hash's on tricky entries.
 */
export const AUDIT_CHAIN_COLUMNS = ['id', 'at', 'actor_id', 'actor_email', 'action', 'subject', 'details', 'ip', 'prev_hash', 'hash'] as const;

export interface ChainChunkCheck {
  /** Entries read. */
  count: number;
  /** The chunk's first entry (null when it has none), for its link to the chunk before. */
  firstId: number | null;
  firstPrevHash: string | null;
  /** The last entry that held and its stored hash (those before it held too). */
  lastId: number | null;
  lastHash: string | null;
  /** The first entry whose hash does not hold, or whose link to the entry before it in the chunk. */
  badId: number | null;
  /** Each entry's canonical text, when asked for (tests). */
  texts?: Buffer[];
}

/**
 * Checks a chunk's entries (see above) in order, each one's stored hash against `sha256Hex` of its
 * canonical text and, after the first, its id and prev_hash against the entry before; the chunk's
 * link to the one before is the caller's (firstId, firstPrevHash), so chunks can be checked apart.
 *
 * Self-contained (no name from outside but JavaScript's and Node's globals, the hash function
 * passed in): verifyAuditChain runs its source in a worker thread on PGlite, hashing one chunk
 * while the database (on the main thread) reads the next.
 */
export function checkAuditChainChunk(copy: Uint8Array, sha256Hex: (data: Uint8Array) => string, keepTexts = false): ChainChunkCheck {
  /** µs from 1970-01-01 to 2000-01-01, PostgreSQL's timestamp epoch. */
  const POSTGRES_EPOCH_US = 946_684_800_000_000;
  const TWO_32 = 4_294_967_296;
  const HEX = Buffer.from('0123456789abcdef', 'latin1');
  /** The short escapes of to_json: \b \t \n \f \r. */
  const SHORT_ESCAPES = [0, 0, 0, 0, 0, 0, 0, 0, 0x62, 0x74, 0x6e, 0, 0x66, 0x72];
  const input = Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength);
  if (input.length < 19 || input.toString('latin1', 0, 11) !== 'PGCOPY\n\xff\r\n\0') throw new Error('not a binary COPY');
  let at = 15 + 4 + input.readInt32BE(15);
  const fields = input.readInt16BE(at);
  at += 2;
  if (fields !== 10) throw new Error(`binary COPY of ${fields} fields, not 10`);
  const columns: { at: number; count: number }[] = [];
  for (let field = 0; field < fields; field += 1) {
    const length = input.readInt32BE(at);
    at += 4;
    if (length < 0) {
      // array_agg over no rows.
      columns.push({ at, count: 0 });
      continue;
    }
    const dimensions = input.readInt32BE(at);
    columns.push(dimensions === 0 ? { at: at + 12, count: 0 } : { at: at + 20, count: input.readInt32BE(at + 12) });
    at += length;
  }
  const count = columns[0]!.count;
  if (columns.some((column) => column.count !== count)) throw new Error('binary COPY with columns of different lengths');
  const [ids, ats, actorIds, emails, actions, subjects, details, ips, prevHashes, hashes] = columns as [Cursor, Cursor, Cursor, Cursor, Cursor, Cursor, Cursor, Cursor, Cursor, Cursor];

  let out = Buffer.allocUnsafe(65_536);
  let pos = 0;
  const ensure = (more: number) => {
    if (pos + more <= out.length) return;
    const larger = Buffer.allocUnsafe(Math.max(out.length * 2, pos + more));
    out.copy(larger, 0, 0, pos);
    out = larger;
  };
  const byte = (value: number) => {
    if (pos >= out.length) ensure(1);
    out[pos] = value;
    pos += 1;
  };
  const ascii = (text: string) => {
    ensure(text.length);
    pos += out.write(text, pos, 'latin1');
  };
  /** The next element of a column: sets `start` and `length` (-1 for NULL). */
  let start = 0;
  let length = 0;
  const next = (column: Cursor) => {
    length = input.readInt32BE(column.at);
    start = column.at + 4;
    column.at = start + Math.max(length, 0);
  };
  const int64 = (start: number) => input.readInt32BE(start) * TWO_32 + input.readUInt32BE(start + 4);
  /** A text as to_json writes it: quoted, with " \ and the control characters escaped. */
  const jsonString = () => {
    if (length < 0) {
      ascii('null');
      return;
    }
    const end = start + length;
    let plain = true;
    for (let i = start; i < end; i += 1) {
      const c = input[i]!;
      if (c < 0x20 || c === 0x22 || c === 0x5c) {
        plain = false;
        break;
      }
    }
    if (plain) {
      ensure(length + 2);
      byte(0x22);
      input.copy(out, pos, start, end);
      pos += length;
      byte(0x22);
      return;
    }
    ensure(length * 6 + 2);
    byte(0x22);
    for (let i = start; i < end; i += 1) {
      const c = input[i]!;
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c) byte(c);
      else if (c === 0x22 || c === 0x5c) {
        byte(0x5c);
        byte(c);
      } else {
        const short = SHORT_ESCAPES[c] ?? 0;
        if (short) {
          byte(0x5c);
          byte(short);
        } else {
          ensure(6);
          pos += out.write('\\u00', pos, 'latin1');
          byte(HEX[c >> 4]!);
          byte(HEX[c & 15]!);
        }
      }
    }
    byte(0x22);
  };

  /** A uuid as to_json writes it: quoted, lower-case hex in groups of 8-4-4-4-12. */
  const writeUuid = () => {
    ensure(38);
    out[pos] = 0x22;
    pos += 1;
    for (let i = 0; i < 16; i += 1) {
      if (i === 4 || i === 6 || i === 8 || i === 10) {
        out[pos] = 0x2d;
        pos += 1;
      }
      const value = input[start + i]!;
      out[pos] = HEX[value >> 4]!;
      out[pos + 1] = HEX[value & 15]!;
      pos += 2;
    }
    out[pos] = 0x22;
    pos += 1;
  };

  const result: ChainChunkCheck = { count, firstId: null, firstPrevHash: null, lastId: null, lastHash: null, badId: null, texts: keepTexts ? [] : undefined };
  for (let i = 0; i < count; i += 1) {
    pos = 0;
    next(prevHashes);
    const prevLength = Math.max(length, 0);
    ensure(prevLength + 48);
    input.copy(out, pos, start, start + prevLength);
    pos += prevLength;
    const prevHash = out.toString('latin1', 0, prevLength);

    next(ids);
    const id = int64(start);
    byte(0x7c);
    ascii(String(id));

    // extract(epoch from at) * 1000000 as bigint: µs since 1970, exact.
    next(ats);
    const high = input.readInt32BE(start);
    byte(0x7c);
    ascii(Math.abs(high) < 0x100000 ? String(high * TWO_32 + input.readUInt32BE(start + 4) + POSTGRES_EPOCH_US) : String(input.readBigInt64BE(start) + BigInt(POSTGRES_EPOCH_US)));

    next(actorIds);
    byte(0x7c);
    if (length < 0) ascii('null');
    else writeUuid();

    byte(0x7c);
    next(emails);
    jsonString();
    byte(0x7c);
    next(actions);
    jsonString();
    byte(0x7c);
    next(subjects);
    jsonString();

    // jsonb_send: a version byte (1), then the text jsonb's output writes.
    next(details);
    byte(0x7c);
    if (length > 1) {
      ensure(length);
      input.copy(out, pos, start + 1, start + length);
      pos += length - 1;
    }

    byte(0x7c);
    next(ips);
    jsonString();

    next(hashes);
    const stored = input.toString('latin1', start, start + Math.max(length, 0));
    const text = out.subarray(0, pos);
    if (result.texts) result.texts.push(Buffer.from(text));
    if (i === 0) {
      result.firstId = id;
      result.firstPrevHash = prevHash;
    } else if (id !== result.lastId! + 1 || prevHash !== result.lastHash) {
      result.badId = id;
      return result;
    }
    if (sha256Hex(text) !== stored) {
      result.badId = id;
      return result;
    }
    result.lastId = id;
    result.lastHash = stored;
  }
  return result;
}

type Cursor = { at: number; count: number };
