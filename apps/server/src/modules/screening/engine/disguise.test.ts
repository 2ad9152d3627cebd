// Issue 29, matching: look-alike letters and invisible characters, extra words, legal forms written
// letter by letter, one transposition, and the IMO search, on the engine alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames, DEFAULT_SCREENING_THRESHOLD as T } from './compare';
import { inspectName, normalizeName, tokenizeName } from './normalize';
import { buildScreeningIndex, imoQuery, LEGAL_FORM_IGNORED_FACTOR } from './search-index';
import type { SanctionsEntity } from './types';

const entity = (id: string, name: string, type: SanctionsEntity['type'], extra: Partial<SanctionsEntity> = {}): SanctionsEntity => ({
  id: `ofac_sdn:${id}`,
  source: 'ofac_sdn',
  type,
  name,
  aliases: [],
  programs: ['TEST'],
  addresses: [],
  datesOfBirth: [],
  nationalities: [],
  remarks: null,
  ...extra,
});

/** Look-alikes of Latin letters in other scripts (Cyrillic, Greek) and in Unicode's letter-like blocks. */
const LOOK_ALIKES: Record<string, string[]> = {
  a: ['\u0430', '\u03b1', '\uff41', '\u{1d41a}'],
  c: ['\u0441', '\u03f2', '\uff43'],
  e: ['\u0435', '\uff45', '\u{1d41e}'],
  i: ['\u0456', '\u03b9', '\uff49'],
  j: ['\u0458'],
  o: ['\u043e', '\u03bf', '\uff4f', '\u{1d428}'],
  p: ['\u0440', '\u03c1', '\uff50'],
  s: ['\u0455', '\uff53'],
  x: ['\u0445', '\uff58'],
  y: ['\u0443', '\uff59'],
  h: ['\u04bb', '\uff48'],
  k: ['\u03ba', '\uff4b'],
  v: ['\u03bd', '\uff56'],
  A: ['\u0410', '\u0391', '\uff21'],
  B: ['\u0412', '\u0392'],
  E: ['\u0415', '\u0395'],
  H: ['\u041d', '\u0397'],
  K: ['\u041a', '\u039a'],
  M: ['\u041c', '\u039c'],
  O: ['\u041e', '\u039f'],
  P: ['\u0420', '\u03a1'],
  T: ['\u0422', '\u03a4'],
  X: ['\u0425', '\u03a7'],
};
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u200e', '\u200f', '\u202a', '\u202c', '\u202e', '\u2066', '\u2069'];

const word = fc
  .tuple(fc.constantFrom(...'ABCDEFGHIJKLMNOPRSTVZ'), fc.array(fc.constantFrom(...'aeiouyhklmnprstvcxj'), { minLength: 3, maxLength: 9 }))
  .map(([head, tail]) => head + tail.join(''));
const latinName = fc.array(word, { minLength: 2, maxLength: 4 }).map((words) => words.join(' '));

/** Disguises a name: some letters replaced by look-alikes, invisible characters inserted; at least one change. */
const disguised = (name: string) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLE)), { maxLength: 3 }),
    )
    .map(([swaps, inserts]) => {
      const chars = Array.from(name);
      for (const [at, pick] of swaps) {
        const i = at % chars.length;
        const options = LOOK_ALIKES[chars[i]];
        if (options) chars[i] = options[pick % options.length];
      }
      for (const [at, mark] of inserts) chars.splice(at % (chars.length + 1), 0, mark);
      return chars.join('');
    });

describe('look-alike letters and invisible characters', () => {
  it('reads look-alike letters as Latin and drops invisible characters, noting mixed scripts', () => {
    expect(normalizeName('Vl\u0430dimir \u0420ut\u0456n')).toBe('vladimir putin');
    expect(normalizeName('Pu\u200btin\u202e')).toBe('putin');
    expect(normalizeName('\uff30\uff35\uff34\uff29\uff2e')).toBe('putin');
    expect(normalizeName('\u{1d415}\u{1d425}\u{1d41a}\u{1d41d}')).toBe('vlad');
    expect(inspectName('Vl\u0430dimir Putin')).toMatchObject({ mixedScriptWords: ['Vl\u0430dimir'], invisibleCharacters: 0 });
    expect(inspectName('Pu\u200b\u200dtin')).toMatchObject({ mixedScriptWords: [], invisibleCharacters: 2 });
    // A name written wholly in Cyrillic is transliterated, not read letter by letter as look-alikes.
    expect(normalizeName('Сергей Лавров')).toBe('sergey lavrov');
    expect(inspectName('Сергей Лавров').mixedScriptWords).toEqual([]);
  });

  it('property: any Latin name, disguised with look-alikes and invisible characters, still finds its entry with the same score', () => {
    fc.assert(
      fc.property(
        latinName.chain((name) => fc.tuple(fc.constant(name), disguised(name), fc.constantFrom<SanctionsEntity['type']>('person', 'organization'))),
        ([name, mask, type]) => {
          const index = buildScreeningIndex([
            entity('1', name, type),
            entity('2', 'Unrelated Decoy Holding', 'organization'),
            entity('3', 'Someone Else Entirely', 'person'),
          ]);
          const [top] = index.search(mask, { limit: 3 });
          expect(top?.entity.id).toBe('ofac_sdn:1');
          expect(top?.score).toBe(index.search(name, { limit: 1 })[0]?.score);
          expect(top!.score).toBeGreaterThanOrEqual(T);
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });

  it('says in the explanation that a word mixes scripts or that invisible characters were removed', () => {
    const index = buildScreeningIndex([entity('1', 'KARVELIS FUEL TRADING', 'organization')]);
    const [mixed] = index.search('K\u0430rvelis Fuel Trading');
    expect(mixed.explanation.notes).toEqual([{ kind: 'mixed_script', words: ['K\u0430rvelis'] }]);
    expect(mixed.explanation.summary).toMatch(/mixes alphabets.*“K\u0430rvelis”/);
    const [hidden] = index.search('Karvelis Fuel Tra\u200dding');
    expect(hidden.explanation.notes).toEqual([{ kind: 'invisible_characters', count: 1 }]);
    const [plain] = index.search('Karvelis Fuel Trading');
    expect(plain.explanation.notes).toBeUndefined();
  });
});

describe('extra words in the searched name', () => {
  const index = buildScreeningIndex([
    entity('1', 'PELTOMAA, Ivor Vasilyevich', 'person'),
    entity('2', 'OKONKWO-BRAMBLE, Tessaly', 'person'),
    entity('3', 'KARVELIS FUEL TRADING LLC', 'organization'),
    entity('4', 'John', 'person'),
  ]);

  it("lower the score a little, not to nothing: a person's name inside a longer query still matches", () => {
    for (const q of ['Ivor Peltomaa Moscow', 'Ivor Vasilyevich Peltomaa Trading', 'Tessaly Okonkwo-Bramble LLC', 'Tessaly Okonkwo Bramble Lagos Nigeria']) {
      const [top] = index.search(q);
      expect(top.entity.type, q).toBe('person');
      expect(top.score, q).toBeGreaterThanOrEqual(T);
      expect(top.score, q).toBeLessThan(1);
    }
    // Each extra word costs something.
    const one = index.search('Ivor Peltomaa Moscow')[0].score;
    const two = index.search('Ivor Peltomaa Moscow Russia')[0].score;
    expect(two).toBeLessThan(one);
  });

  it('a business carrying a sanctioned person\'s name is a finding, its legal form set aside with a note', () => {
    const [top] = index.search('Tessaly Okonkwo-Bramble Limited', { types: ['organization', 'person'] });
    expect(top.entity.id).toBe('ofac_sdn:2');
    expect(top.score).toBe(LEGAL_FORM_IGNORED_FACTOR);
    expect(top.explanation.notes).toContainEqual({ kind: 'legal_form_ignored', forms: ['ltd'] });
    // Organisations only: the person is not searched.
    expect(index.search('Tessaly Okonkwo-Bramble Limited', { type: 'organization' }).some((m) => m.entity.id === 'ofac_sdn:2')).toBe(false);
  });

  it('a business name whose person reading finds no candidate is searched again without its legal form', () => {
    // "Das" is a particle beside another word, which matches as written only: the person reading of
    // "Das Ltd" ("das", "ltd") finds no one. Without the legal form it is a name on its own, which
    // matches as it sounds too, and finds DASS.
    const particles = buildScreeningIndex([entity('10', 'DASS', 'person'), entity('11', 'KARVELIS FUEL TRADING LLC', 'organization')]);
    expect(particles.search('Das Ltd', { type: 'person' })).toEqual([]);
    const [top, ...rest] = particles.search('Das Ltd', { types: ['organization', 'person'] });
    expect(rest).toEqual([]);
    expect(top.entity.id).toBe('ofac_sdn:10');
    expect(top.score).toBe(Math.round(compareNames('Das', 'DASS', 'person').score * LEGAL_FORM_IGNORED_FACTOR * 10000) / 10000);
    expect(top.score).toBeGreaterThanOrEqual(T);
    expect(top.explanation.notes).toContainEqual({ kind: 'legal_form_ignored', forms: ['ltd'] });
    // Every type (the default) takes the same path.
    expect(particles.search('Das Ltd').map((m) => [m.entity.id, m.score])).toEqual([['ofac_sdn:10', top.score]]);
  });

  it('one agreeing common first name does not carry a longer name', () => {
    expect(index.search('John Richardson', { minScore: T }).map((m) => m.entity.id)).not.toContain('ofac_sdn:4');
  });
});

describe('legal forms written letter by letter', () => {
  it('reads "S A", "S R L", "L L C", "S A de C V" as legal forms', () => {
    const roles = (name: string) => tokenizeName(name, 'organization').map((t) => `${t.text}:${t.role}`);
    expect(roles('Quimbaya S A')).toEqual(['quimbaya:name', 'sa:legal_form']);
    expect(roles('Quimbaya S R L')).toEqual(['quimbaya:name', 'srl:legal_form']);
    expect(roles('Karvelis L L C')).toEqual(['karvelis:name', 'llc:legal_form']);
    expect(roles('Quimbaya S A de C V')).toEqual(['quimbaya:name', 'sa:legal_form']);
    expect(roles('Quimbaya S. A.')).toEqual(['quimbaya:name', 'sa:legal_form']);
    // Initials that spell no legal form stay initials.
    expect(roles('J R Ewing Oil').slice(0, 2)).toEqual(['j:name', 'r:name']);
    expect(compareNames('Grupo Quimbaya de Combustibles S A', 'GRUPO QUIMBAYA DE COMBUSTIBLES S.A.', 'organization').score).toBe(1);
    expect(compareNames('Karvelis Fuel Trading L L C', 'Karvelis Fuel Trading Limited Liability Company', 'organization').score).toBe(1);
  });

  it('tolerates one slip in a long word of a legal form', () => {
    expect(compareNames('Tactical Missiles Corporation Joynt Stock Company', 'Tactical Missiles Corporation JSC', 'organization').score).toBe(1);
  });
});

describe('one transposed letter', () => {
  it('still matches short names', () => {
    for (const [a, b] of [
      ['Ivna Petrov', 'Ivan Petrov'],
      ['Ail Reza', 'Ali Reza'],
      ['Hmaas', 'Hamas'],
      ['Omar Ailyev', 'Omar Aliyev'],
    ]) {
      expect(compareNames(a, b, a.includes(' ') ? 'person' : 'organization').score, `${a} / ${b}`).toBeGreaterThanOrEqual(T);
    }
    // Two different short words are not a transposition.
    expect(compareNames('Ivan Petrov', 'Ivar Petrov', 'person').score).toBeLessThan(compareNames('Ivan Petrov', 'Ivna Petrov', 'person').score);
  });
});

describe('vessels', () => {
  const index = buildScreeningIndex([
    entity('10', 'OCEAN STAR', 'vessel', { imoNumbers: ['9123456'] }),
    entity('11', 'SEA BREEZE', 'vessel', { remarks: 'Vessel Registration Identification IMO 9187629; MMSI 1.' }),
    entity('12', 'OCEAN STAR SHIPPING LLC', 'organization', { remarks: 'Company IMO 9123456.' }),
    entity('13', 'Ocean Star', 'person'),
  ]);

  it('recognises IMO queries', () => {
    expect(imoQuery('IMO 9123456')).toBe('9123456');
    expect(imoQuery('imo:9123456')).toBe('9123456');
    expect(imoQuery('IMO no. 9123456')).toBe('9123456');
    expect(imoQuery('9123456')).toBeNull();
    expect(imoQuery('9123456', 'vessel')).toBe('9123456');
    expect(imoQuery('IMO 912345')).toBeNull();
  });

  it('an IMO number finds exactly the vessels carrying it (from the parser or the remarks), score 1', () => {
    const [hit, ...rest] = index.search('IMO 9123456');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ score: 1, matchedName: 'OCEAN STAR' });
    expect(hit.entity.id).toBe('ofac_sdn:10');
    expect(hit.explanation.summary).toContain('IMO number 9123456');
    expect(hit.explanation.notes).toContainEqual({ kind: 'imo', imo: '9123456' });
    expect(index.search('9187629', { type: 'vessel' }).map((m) => m.entity.id)).toEqual(['ofac_sdn:11']);
    expect(index.search('IMO 9123456', { type: 'person' })).toEqual([]);
    expect(index.search('IMO 9123456', { sources: ['un'] })).toEqual([]);
  });

  it('vessel names match vessels, ship prefixes aside', () => {
    expect(index.search('MV Ocean Star', { type: 'vessel' })[0]).toMatchObject({ score: 1, matchedName: 'OCEAN STAR' });
    expect(index.search('M/T Sea Breeze', { type: 'vessel' })[0]).toMatchObject({ score: 1, matchedName: 'SEA BREEZE' });
  });
});
