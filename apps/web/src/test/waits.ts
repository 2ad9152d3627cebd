/**
 * How long a test waits for what settles asynchronously (Testing Library's findBy and waitFor take it
 * from the setup, vi.waitFor from its callers): the first render of a lazy page compiles its code,
 * which takes seconds on a busy machine. What never happens still fails, later.
 */
export const SETTLE_WAIT = { timeout: 5_000, interval: 50 } as const;
