import { DASHBOARD_MAX_PRODUCTS } from '../constants';
import { defineMessages } from '../messages';

// The price values without zod (re-exported by prices.ts): a page that needs a category list or a
// limit does not load the schema library with them.

/** Product categories; the values double as /marketprice/{slug} route slugs. */
export const priceCategories = ['crude', 'gasoline', 'diesel', 'jet-fuel', 'heating-oil', 'propane', 'natural_gas', 'spreads'] as const;
export type PriceCategory = (typeof priceCategories)[number];

/** The price table's sort keys (GET /prices?sort=). */
export const priceSortFields = ['product_name', 'category', 'value', 'diff_base_value', 'percent_change'] as const;
export type PriceSortField = (typeof priceSortFields)[number];

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

/**
 * The price importer's refusals of a whole file and its reasons for a rejected line (issues 28, 33):
 * keys with parameters, translated for the uploader; the CLI and the import history print English.
 */
export const priceImportMessages = defineMessages('priceImport', {
  atLine: 'Line {{line}}: {{reason}}.',
  sentence: '{{reason}}.',
  tooLarge: 'The file is larger than the {{mb}} MB an upload may be',
  strictOne: '1 malformed row (strict import), first on line {{line}}',
  strictMany: '{{count}} malformed rows (strict import), first on line {{line}}',
  empty: 'The file is empty',
  notWorkbookNamed: '{{file}} is named like a workbook but is not an Excel file',
  utf16: 'The file is UTF-16 text; save it as "CSV UTF-8" and upload it again',
  binary: 'The file is binary, not a CSV text file or an Excel workbook',
  notUtf8: 'The file is not UTF-8 text (Windows-1252 or Latin-1?); save it as "CSV UTF-8" and upload it again',
  nonDailyFile: '{{file}} holds {{period}} averages; FuelDesk stores daily publications only',
  unknownSeriesInHeader: 'The series "{{series}}" named in the header matches no configured product; name the file after an EIA or FRED series id (e.g. RWTC.csv or DCOILWTICO.csv)',
  unknownFileName: 'The file name "{{file}}" matches no configured product; name the file after an EIA or FRED series id (e.g. RWTC.csv or DCOILWTICO.csv)',
  unrecognisedHeader:
    'Unrecognised header "{{header}}". Expected Date,Price (EIA), DATE,VALUE or observation_date,<SERIES> (FRED), Day,<series> (EIA download), or product_code,date,value[,forward_period]',
  headerUnclosedQuote: 'The header has an unclosed quote',
  noRowRead: 'No row of the file could be read',
  noObservation: 'The file holds no observation',
  notDailyGap: 'Observations are {{days}} days apart: this is not a daily series (FuelDesk stores daily publications only)',
  downloadNoSeriesHeader: 'The Day header names no series',
  downloadUnknownSeries: 'The EIA download holds no series FuelDesk knows (it has {{series}}); an administrator can add the product with its EIA series id first',
  seriesNotDaily: 'Series {{series}} is not daily (FuelDesk stores daily publications only)',
  notExcel: 'The file is not an Excel workbook (.xls or .xlsx)',
  unreadableWorkbook: 'The file could not be read as an {{extension}} workbook',
  noSheet: 'The workbook has no sheet',
  workbookNoKnownSeries: 'The workbook holds no series FuelDesk knows; an administrator can add the product first',
  workbookNoKnownSeriesNamed: 'The workbook holds no series FuelDesk knows (it has {{series}}); an administrator can add the product first',
  sheetSeriesNotDaily: 'Series {{series}} of sheet "{{sheet}}" is not daily (FuelDesk stores daily publications only)',
  workbookNoValue: 'The workbook holds no value of the series FuelDesk knows',
  zipNoDirectory: 'The file is not a readable .xlsx workbook (no zip directory)',
  zip64: 'The workbook is a zip64 archive, which FuelDesk does not unpack',
  zipTooManyEntries: 'The workbook holds {{entries}} files, more than a spreadsheet needs',
  zipDirectoryDamaged: "The workbook's zip directory is damaged",
  zipEntriesDamaged: "The workbook's zip entries are damaged",
  zipMethod: 'The workbook uses a zip compression FuelDesk does not unpack',
  zipTooBig: 'The workbook would unpack to {{mb}} MB, more than the {{max}} MB allowed (a zip bomb?)',
  zipRatio: 'The workbook would unpack to {{ratio}} times its size (a zip bomb?)',
  zipOverAllowance: 'The workbook would unpack to more than the {{max}} MB allowed (a zip bomb?)',
  unclosedQuote: 'Unclosed quote',
  columnCount: 'Expected {{expected}} columns, found {{found}}',
  unknownProductCode: 'Unknown product code "{{code}}"',
  missingProductCode: 'The product code is missing',
  notIsoDate: '"{{value}}" is not a date (YYYY-MM-DD)',
  notUsDate: '"{{value}}" is not a date (m/d/Y)',
  notForwardPeriod: '"{{value}}" is not a forward period (e.g. 2025-03 or M1)',
  notNumber: '"{{value}}" is not a number',
  tooManyDigits: '"{{value}}" has too many digits',
  seriesNotNumber: '{{series}}: "{{value}}" is not a number',
  seriesTooManyDigits: '{{series}}: "{{value}}" has too many digits',
  repeatsDateOfLine: 'Repeats the date {{date}} of line {{first}}',
  repeatsDateOfRow: 'Repeats the date {{date}} of row {{first}}',
  sheetValueWithoutDate: '{{sheet}}: a value without a date',
  sheetNotExcelDate: '{{sheet}}: "{{value}}" is not an Excel date',
  sheetNotNumber: '{{sheet}}, {{series}}: "{{value}}" is not a number',
  periodWeekly: 'weekly',
  periodMonthly: 'monthly',
  periodAnnual: 'annual',
  periodYearly: 'yearly',
  periodQuarterly: 'quarterly',
});

/** The server event that tells browsers and other instances that prices changed. */
export const PRICES_UPDATED_EVENT = 'prices_updated';
