import { describe, expect, it } from 'vitest';
import { categorizeArticle } from './news.categorize';

describe('categorizeArticle', () => {
  it.each([
    ['OPEC+ agrees to extend crude output cuts', 'market', 'oil'],
    ['Refinery outage cuts diesel output', 'regulation', 'oil'],
    ['EPA finalises new emissions rule for refiners', 'oil', 'regulation'],
    ['New sanctions and tariffs hit fuel importers', 'market', 'regulation'],
    ['Gasoline futures slide as demand weakens', 'oil', 'market'],
    ['Diesel prices climb', 'regulation', 'market'],
    ['La OPEP recorta la producción de crudo', 'market', 'oil'],
    ['Nuevos aranceles a la importación de combustibles', 'market', 'regulation'],
    ['Los precios de los futuros suben por la demanda', 'oil', 'market'],
  ] as const)('"%s" (feed %s) → %s', (title, defaultCategory, expected) => {
    expect(categorizeArticle({ defaultCategory, title, summary: '' })).toBe(expected);
  });

  it('keeps the feed default when nothing matches or a single mention sits in the summary', () => {
    expect(categorizeArticle({ defaultCategory: 'regulation', title: 'Company reports quarterly results', summary: '' })).toBe('regulation');
    expect(categorizeArticle({ defaultCategory: 'regulation', title: 'Agency opens consultation', summary: 'Crude was not discussed.' })).toBe(
      'regulation',
    );
  });

  it('does not match keywords inside longer words', () => {
    expect(categorizeArticle({ defaultCategory: 'market', title: 'Crudely drawn maps and banners', summary: 'billionaires' })).toBe('market');
  });

  it('reads the feed labels as summary evidence', () => {
    expect(categorizeArticle({ defaultCategory: 'market', title: 'Weekly wrap', summary: 'Sanctions news.', labels: ['Sanctions'] })).toBe(
      'regulation',
    );
  });
});
