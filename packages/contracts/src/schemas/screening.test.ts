import { describe, expect, it } from 'vitest';
import {
  screeningBatchBodySchema,
  screeningMessages,
  screeningSearchQuerySchema,
  SCREENING_BATCH_MAX,
} from './screening';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('screening schemas', () => {
  it('reads a search query string: trimmed name, limit as a number, default 10, blank type ignored', () => {
    expect(screeningSearchQuerySchema.parse({ q: '  Karvelis  ', limit: '5', type: '' })).toEqual({ q: 'Karvelis', limit: 5, type: undefined });
    expect(screeningSearchQuerySchema.parse({ q: 'Karvelis' }).limit).toBe(10);
    expect(screeningSearchQuerySchema.parse({ q: 'Nordic', type: 'vessel' }).type).toBe('vessel');
  });

  it('refuses empty, punctuation-only and oversized names, a bad limit and an unknown type', () => {
    expect(firstMessage(screeningSearchQuerySchema.safeParse({ q: '   ' }))).toBe(screeningMessages.queryRequired);
    expect(firstMessage(screeningSearchQuerySchema.safeParse({ q: '--' }))).toBe(screeningMessages.nameRequired);
    expect(firstMessage(screeningSearchQuerySchema.safeParse({ q: 'x'.repeat(301) }))).toBe(screeningMessages.queryTooLong);
    expect(firstMessage(screeningSearchQuerySchema.safeParse({ q: 'a', limit: '51' }))).toBe(screeningMessages.badLimit);
    expect(firstMessage(screeningSearchQuerySchema.safeParse({ q: 'a', limit: '2.5' }))).toBe(screeningMessages.badLimit);
    expect(firstMessage(screeningSearchQuerySchema.safeParse({ q: 'a', type: 'ship' }))).toBe(screeningMessages.badType);
  });

  it('takes 1 to 1,000 names in a batch', () => {
    const names = (count: number) => ({ queries: Array.from({ length: count }, (_, i) => ({ name: `Name ${i}` })) });
    expect(screeningBatchBodySchema.safeParse(names(SCREENING_BATCH_MAX)).success).toBe(true);
    expect(firstMessage(screeningBatchBodySchema.safeParse(names(SCREENING_BATCH_MAX + 1)))).toBe(screeningMessages.batchTooLarge);
    expect(firstMessage(screeningBatchBodySchema.safeParse(names(0)))).toBe(screeningMessages.batchEmpty);
    expect(firstMessage(screeningBatchBodySchema.safeParse({}))).toBe(screeningMessages.batchEmpty);
  });
});
