import { DASHBOARD_MAX_PRODUCTS } from '../constants';
import { defineMessages } from '../messages';

// The price values without zod (re-exported by prices.ts): a page that needs a category list or a
// limit does not load the schema library with them.

/** Product categories; the values double as /marketprice/{slug} route slugs. */
export const priceCategories = ['crude', 'gasoline', 'diesel', 'jet-fuel', 'heating-oil', 'propane'] as const;
export type PriceCategory = (typeof priceCategories)[number];

/** Where a stored price came from; `demo` values are generated and labelled as such everywhere. */
export const priceSources = ['eia', 'eia-api', 'fred', 'csv', 'demo'] as const;
export type PriceSource = (typeof priceSources)[number];

/** Limits of the history endpoint (charts, comparison, export). */
export const PRICE_HISTORY_MAX_PRODUCTS = 10;
export const PRICE_HISTORY_MAX_YEARS = 10;
export const PRICE_MOVERS_MAX = 20;
export const PRICE_PAGE_SIZE_MAX = 100;
export const DASHBOARD_NAME_MAX = 60;
export const DASHBOARD_SLUG_MAX = 60;
export const DASHBOARDS_PER_USER_MAX = 50;

/** What the price and dashboard endpoints answer about bad input. */
export const priceMessages = defineMessages('prices', {
  dashboardLimit: `A dashboard holds at most ${DASHBOARD_MAX_PRODUCTS} products. Remove one before adding another.`,
  unknownProduct: 'Unknown product code: {{codes}}.',
  unknownProducts: 'Unknown product codes: {{codes}}.',
  dashboardSlugTaken: 'You already have a dashboard at /home/{{slug}}.',
  slugUsed: 'Already used.',
  tooManyDashboards: `You can keep at most ${DASHBOARDS_PER_USER_MAX} dashboards.`,
  dashboardNotFound: 'This dashboard does not exist.',
  startAfterEnd: 'The start date {{from}} is after the end date {{to}}.',
  fromAfterTo: 'Must not be after "to".',
  historyTooLong: `A history covers at most ${PRICE_HISTORY_MAX_YEARS} years; narrow the range.`,
  fromTooEarly: `Must be within ${PRICE_HISTORY_MAX_YEARS} years of "to".`,
  importRefused: 'The file was refused, nothing was imported. {{reason}}',
});
export const DASHBOARD_LIMIT_MESSAGE = priceMessages.dashboardLimit;

/** The server event that tells browsers and other instances that prices changed. */
export const PRICES_UPDATED_EVENT = 'prices_updated';
