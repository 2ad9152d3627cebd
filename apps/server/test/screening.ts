import type { AppContext } from '../src/context';

/**
 * Stores a tiny generated sanctions list and makes ctx's index reflect it. (Initial version: not
 * implemented yet; the final one stores the names documented here.)
 */
export async function loadTinySanctionsList(ctx: AppContext): Promise<void> {
  void ctx;
  throw new Error('loadTinySanctionsList: not implemented yet');
}
