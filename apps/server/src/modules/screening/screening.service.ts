import type { EntityType, SanctionsSource } from '@fueldesk/contracts';
import type { AppContext } from '../../context';

/** One loaded list version, as screening sees it. */
export interface ScreeningListStatus {
  source: SanctionsSource;
  entries: number;
  names: number;
  publishedAt: string | null;
  loadedAt: string;
}

/** `loaded: false` means no sanctions list is stored: nothing can be screened (never read it as "no match"). */
export interface ScreeningStatus {
  loaded: boolean;
  threshold: number;
  lists: ScreeningListStatus[];
}

export interface ScreeningHit {
  entityId: string;
  source: SanctionsSource;
  /** The list entry's primary name. */
  name: string;
  /** The entry's name (primary or alias) that matched. */
  matchedName: string;
  type: EntityType;
  programs: string[];
  /** In [0, 1]. */
  score: number;
  /** score ≥ threshold */
  isMatch: boolean;
  explanation: string;
}

export interface ScreeningQuery {
  name: string;
  type?: EntityType;
}

export interface ScreenNamesResult {
  status: ScreeningStatus;
  results: { name: string; matches: ScreeningHit[] }[];
}

const PROVISIONAL_THRESHOLD = 0.8;

/** Which lists this instance screens against. (Initial version: no list can be loaded yet.) */
export async function getScreeningStatus(ctx: AppContext): Promise<ScreeningStatus> {
  void ctx;
  return { loaded: false, threshold: PROVISIONAL_THRESHOLD, lists: [] };
}

/**
 * Screens names against the loaded lists, in the order given. `matchesOnly` keeps only hits at or
 * above the threshold. When `status.loaded` is false the results are empty because nothing was screened.
 */
export async function screenNames(
  ctx: AppContext,
  queries: ScreeningQuery[],
  opts: { limit?: number; matchesOnly?: boolean } = {},
): Promise<ScreenNamesResult> {
  void opts;
  const status = await getScreeningStatus(ctx);
  return { status, results: queries.map((query) => ({ name: query.name, matches: [] })) };
}
