import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import { englishMessages, interpolate, isMessageKey, lookupMessage, translateMessage, verbatim, withParams, type MessageKey } from './messages';
import { spanishMessages } from './messages-es';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

function keysOf(tree: Record<string, Record<string, string>>): string[] {
  return Object.entries(tree).flatMap(([namespace, texts]) => Object.keys(texts).map((name) => `${namespace}.${name}`));
}

describe('message catalogs', () => {
  it('every catalog has loaded through the contracts entry point', () => {
    expect(contracts.formMessages.required).toBe('forms.required');
    expect(Object.keys(englishMessages).length).toBeGreaterThan(10);
  });

  it('every message key has an English and a Spanish text, with the same placeholders', () => {
    const spanish = spanishMessages as Record<string, Record<string, string>>;
    const missing: string[] = [];
    for (const key of keysOf(englishMessages)) {
      const en = lookupMessage(englishMessages, key);
      const es = lookupMessage(spanish, key);
      if (!en?.trim() || !es?.trim()) missing.push(key);
      else expect(placeholders(es), key).toEqual(placeholders(en));
    }
    expect(missing).toEqual([]);
    // And no Spanish text whose English one is gone (a renamed or deleted key).
    expect(keysOf(spanish).filter((key) => lookupMessage(englishMessages, key) === undefined)).toEqual([]);
  });
});

describe('translateMessage', () => {
  const key = contracts.formMessages.required;

  it('translates a key by key, and a rewording of the English keeps its Spanish', () => {
    expect(translateMessage(englishMessages, key)).toBe('This field is required.');
    expect(translateMessage(spanishMessages, key)).toBe('Este campo es obligatorio.');
  });

  it('fills placeholders from the params', () => {
    const message = withParams(contracts.releaseMessages.versionTaken, { version: '1.2.0' });
    expect(translateMessage(englishMessages, message)).toBe('Version 1.2.0 has already been published.');
    expect(translateMessage(spanishMessages, message)).toBe('La versión 1.2.0 ya se publicó.');
    expect(interpolate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it('passes a text that is not a key through, and sends a verbatim text as it is in both languages', () => {
    expect(isMessageKey('Invalid input: expected string')).toBe(false);
    expect(translateMessage(spanishMessages, 'Invalid input: expected string')).toBe('Invalid input: expected string');
    expect(translateMessage(spanishMessages, verbatim('line 3: bad date'))).toBe('line 3: bad date');
  });

  it('falls back to English for a key a language tree lacks', () => {
    expect(translateMessage({}, key as MessageKey)).toBe('This field is required.');
  });
});
