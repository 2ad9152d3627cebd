// String similarity for single tokens: Jaro-Winkler and Levenshtein, blended.

// Scratch rows reused across calls: the matcher calls these hundreds of times per search.
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
let flagsA = new Uint8Array(64);
let flagsB = new Uint8Array(64);

/**
 * Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions.
 * With `max`, any distance above it is answered as `max + 1`, found early: a length gap above it, or
 * two neighbouring rows whose smallest entries are above it (a transposition skips one row, never two).
 */
export function levenshtein(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  if (rows[0].length <= b.length) rows = [0, 1, 2].map(() => new Int32Array(b.length * 2 + 1));
  let before = rows[0];
  let prev = rows[1];
  let curr = rows[2];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, before[j - 2] + 1);
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max && prevMin > max) return max + 1;
    prevMin = rowMin;
    // Rotated without building an array per row (this runs hundreds of times per search).
    const oldest = before;
    before = prev;
    prev = curr;
    curr = oldest;
  }
  return Math.min(prev[b.length], max + 1);
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (flagsA.length < la) flagsA = new Uint8Array(la * 2);
  if (flagsB.length < lb) flagsB = new Uint8Array(lb * 2);
  const aMatched = flagsA.fill(0, 0, la);
  const bMatched = flagsB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (!bMatched[j] && a[i] === b[j]) {
        aMatched[i] = bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let t = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a[i] !== b[k]) t++;
    k++;
  }
  const jaro = (matches / la + matches / lb + (matches - t / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
