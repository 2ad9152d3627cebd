export const controlClassName =
  'rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';

