// The screening engine's data model: pure types, no database, no I/O.

export type SanctionsSource =
  | 'ofac_sdn'
  | 'ofac_consolidated'
  | 'un'
  | 'eu_fsf'
  | 'uk_ofsi'
  | 'ca_sema'
  | 'au_dfat';
export const SANCTIONS_SOURCES: readonly SanctionsSource[] = [
  'ofac_sdn',
  'ofac_consolidated',
  'un',
  'eu_fsf',
  'uk_ofsi',
  'ca_sema',
  'au_dfat',
];

export type EntityType = 'person' | 'organization' | 'vessel' | 'aircraft';
export const ENTITY_TYPES: readonly EntityType[] = ['person', 'organization', 'vessel', 'aircraft'];

export type AliasKind = 'aka' | 'fka' | 'nka';

export interface SanctionsAlias {
  name: string;
  kind: AliasKind;
  /** A "weak" or low-quality alias (OFAC "weak a.k.a.", UN QUALITY "Low"). */
  weak: boolean;
}

export interface SanctionsEntity {
  /** `<source>:<list id>`, e.g. `ofac_sdn:36`, `un:QDi.001`. */
  id: string;
  source: SanctionsSource;
  type: EntityType;
  name: string;
  aliases: SanctionsAlias[];
  programs: string[];
  addresses: string[];
  /** As written by the list: `1958-03-21`, `1958`, `circa 1958`, `21 Mar 1958`. */
  datesOfBirth: string[];
  nationalities: string[];
  remarks: string | null;
  /** IMO numbers (seven digits, no prefix) of a vessel, or of the ships an entity is listed with. */
  imoNumbers?: string[];
  /** Vessel details when the list gives them (type `vessel`). */
  vessel?: { flag: string | null; vesselType: string | null; callSign?: string | null };
}

export interface ParsedList {
  source: SanctionsSource;
  /** ISO date (YYYY-MM-DD) the publisher generated the list, when the files say it. */
  publishedAt: string | null;
  /**
   * ISO date of the newest change the file records (listing or control dates), for a file that
   * carries no publication date (Australia's, Canada's); a lower bound of when it was published.
   */
  latestChangeAt?: string | null;
  entities: SanctionsEntity[];
  /** Structural problems seen while parsing (cut-off rows, wrong field counts); validateParsedList refuses a list that has any. */
  problems?: string[];
}

export type TokenMatchKind = 'exact' | 'fuzzy' | 'phonetic' | 'initial' | 'legal_form';

export interface TokenMatch {
  query: string;
  candidate: string;
  /** 0..1 */
  similarity: number;
  kind: TokenMatchKind;
}

/** Facts about the searched name or the way it matched, worth a compliance user's attention. */
export type MatchNote =
  /** Words of the searched name that mix scripts as written (a Cyrillic or Greek look-alike letter among Latin ones). */
  | { kind: 'mixed_script'; words: string[] }
  /** Invisible characters (zero-width, bidirectional controls) removed from the searched name. */
  | { kind: 'invisible_characters'; count: number }
  /** The search was an IMO number and this vessel carries it. */
  | { kind: 'imo'; imo: string }
  /** Legal forms of the searched name set aside to compare it with a person's name. */
  | { kind: 'legal_form_ignored'; forms: string[] };

export interface MatchExplanation {
  /** Plain-language sentence for a compliance user. */
  summary: string;
  tokens: TokenMatch[];
  /** Tokens (from either side) that found no partner. */
  unmatched: string[];
  notes?: MatchNote[];
}

export interface NameComparison {
  /** 0..1 */
  score: number;
  explanation: MatchExplanation;
}

export interface ScreeningMatch {
  entity: SanctionsEntity;
  /** The primary name or the alias that scored best. */
  matchedName: string;
  /** 0..1 */
  score: number;
  explanation: MatchExplanation;
}

export interface SearchOptions {
  type?: EntityType;
  /** Several entity types at once (a business name is screened against organisations and persons); overrides `type`. */
  types?: readonly EntityType[];
  /** Only entries of these lists (default all). */
  sources?: readonly SanctionsSource[];
  /** Default 10. */
  limit?: number;
  /** Default 0 (every scored candidate, best first, up to limit). */
  minScore?: number;
}

export interface ScreeningIndex {
  search(name: string, opts?: SearchOptions): ScreeningMatch[];
  readonly entityCount: number;
  readonly nameCount: number;
}

export interface SanctionsFile {
  name: string;
  content: Buffer | string;
}

export type ListValidation = { ok: true } | { ok: false; reason: string };
