import { newsCategories, type NewsCategory } from '@fueldesk/contracts';

/** Keywords per section, English and Spanish. Multi-word entries match as phrases. */
const keywords: Record<NewsCategory, string[]> = {
  oil: [
    'opec', 'opec+', 'crude', 'refinery', 'refineries', 'refining', 'refiner', 'refiners', 'brent', 'wti', 'barrel', 'barrels',
    'oilfield', 'oilfields', 'oil field', 'drilling', 'rig count', 'shale', 'petroleum', 'upstream', 'oil output',
    'opep', 'crudo', 'refinería', 'refinerías', 'refinación', 'barril', 'barriles', 'petróleo', 'perforación', 'yacimiento',
  ],
  regulation: [
    'regulation', 'regulations', 'regulatory', 'regulator', 'regulators', 'epa', 'sanction', 'sanctions', 'sanctioned',
    'tariff', 'tariffs', 'mandate', 'mandates', 'compliance', 'legislation', 'rule', 'rules', 'rulemaking', 'emissions', 'ferc', 'embargo', 'price cap',
    'emissions standard', 'emissions standards', 'renewable fuel standard', 'law', 'bill', 'ban', 'permit', 'permits',
    'regulación', 'regulaciones', 'regulador', 'reguladores', 'normativa', 'sanción', 'sanciones', 'arancel', 'aranceles',
    'ley', 'prohibición', 'decreto',
  ],
  market: [
    'price', 'prices', 'pricing', 'futures', 'demand', 'market', 'markets', 'trading', 'traders', 'spread', 'spreads',
    'crack spread', 'inventories', 'stockpiles', 'rally', 'rallies', 'selloff', 'hedge', 'hedging', 'margins', 'benchmark',
    'precio', 'precios', 'futuros', 'demanda', 'mercado', 'mercados', 'cotización', 'inventarios', 'margen', 'márgenes',
  ],
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patterns: Record<NewsCategory, RegExp> = Object.fromEntries(
  newsCategories.map((category) => [
    category,
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${keywords[category]
        .map((keyword) => escapeRegExp(keyword).replace(/ /g, '\\s+'))
        .join('|')})(?![\\p{L}\\p{N}+])`,
      'giu',
    ),
  ]),
) as Record<NewsCategory, RegExp>;

function countMatches(pattern: RegExp, text: string): number {
  return text.match(pattern)?.length ?? 0;
}

export interface CategorizeInput {
  defaultCategory: NewsCategory;
  title: string;
  summary: string;
  /** The feed's own category labels. */
  labels?: string[];
}

/**
 * The feed's default category, refined by keyword rules (OPEC, crude, refinery → oil; regulation,
 * EPA, sanctions, tariff → regulation; prices, futures, demand → market). A headline match weighs
 * twice a summary or label match; the default gets one point so that a single passing mention in
 * the summary does not move an article out of its feed's section.
 */
export function categorizeArticle(input: CategorizeInput): NewsCategory {
  const summaryText = `${input.summary} ${(input.labels ?? []).join(' ')}`;
  let best: NewsCategory = input.defaultCategory;
  let bestScore = -1;
  for (const category of newsCategories) {
    const score =
      2 * countMatches(patterns[category], input.title) +
      countMatches(patterns[category], summaryText) +
      (category === input.defaultCategory ? 1 : 0);
    if (score > bestScore || (score === bestScore && category === input.defaultCategory)) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
