import type { Language } from '@fueldesk/contracts';

/**
 * The default dashboard's name in every language (prices.json `home.defaultName`), here so that
 * /home can tell a name the reader never changed without downloading the other languages' texts
 * (only the reader's language is loaded). default-dashboard-name.test.ts keeps the two equal.
 */
export const DEFAULT_DASHBOARD_NAMES: Readonly<Record<Language, string>> = {
  en: 'My dashboard',
  es: 'Mi panel',
};

/** Whether a dashboard's name is the default one in any language (the user never renamed it). */
export function isDefaultDashboardName(name: string): boolean {
  return Object.values(DEFAULT_DASHBOARD_NAMES).includes(name);
}
