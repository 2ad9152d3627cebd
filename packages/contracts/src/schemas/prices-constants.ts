import { DASHBOARD_MAX_PRODUCTS } from '../constants';
import { defineMessages } from '../messages';

// The price values without zod (re-exported by prices.ts): a page that needs a category list or a
// limit does not load the schema library with them.

/** Product categories; the values double as /marketprice/{slug} route slugs. */
export const priceCategories = ['crude', 'gasoline', 'diesel', 'jet-fuel', 'heating-oil', 'propane', 'natural_gas', 'spreads'] as const;
export type PriceCategory = (typeof priceCategories)[number];

/** `spot`: a published series; `spread`: derived from its legs; `futures`: NYMEX contracts C1…C4 (a forward curve). */
export const productKinds = ['spot', 'spread', 'futures'] as const;
export type ProductKind = (typeof productKinds)[number];

/** The futures products that have a forward curve (GET /prices/curve). */
export const FUTURES_CODES = ['WTI_FUT', 'RBOB_NYH_FUT', 'HO_NYH_FUT', 'NG_HH_FUT', 'PROPANE_MB_FUT'] as const;

/** EIA's last publication of its NYMEX futures tables: no EIA file runs later. */
export const EIA_FUTURES_LAST_PUBLISHED = '2024-04-05';

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
  fileEmpty: 'The file is empty.',
  uploadNoFiles: 'Attach at least one file.',
  notFutures: '{{code}} is not a futures product; forward curves exist for {{futures}}.',
  noCurveYet: "{{code}} has no forward curve yet: import EIA's futures workbook.",
  noCurveOnDateBetween: '{{code}} has no curve on {{date}}; the nearest dates with one are {{before}} and {{after}}.',
  noCurveOnDateNearest: '{{code}} has no curve on {{date}}; the nearest date with one is {{nearest}}.',
});
export const DASHBOARD_LIMIT_MESSAGE = priceMessages.dashboardLimit;

/** The server event that tells browsers and other instances that prices changed. */
export const PRICES_UPDATED_EVENT = 'prices_updated';
