import { englishMessages, errorMessages, translateMessage, type ErrorCode, type Message, type MessageKey, type MessageTree } from '@fueldesk/contracts';
import { spanishMessages } from '@fueldesk/contracts/messages-es';
import Negotiator from 'negotiator';

export type Lang = 'en' | 'es';
const languages: Lang[] = ['en', 'es'];
const trees: Record<Lang, MessageTree> = { en: englishMessages, es: spanishMessages };

/** The caller's language from Accept-Language, q-values honoured ("fr, es;q=0.8, en;q=0.5" is es). */
export function pickLanguage(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'en';
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language(languages);
  return (best as Lang | undefined) ?? 'en';
}

/** A message key (or a library's own text, passed through) in the given language. */
export function translate(lang: Lang, message: Message | string): string {
  return translateMessage(trees[lang], message);
}

/** The generic text of an error code, when contracts' `errors` catalog has one. */
export function genericMessageKey(code: ErrorCode): MessageKey | undefined {
  return (errorMessages as Partial<Record<ErrorCode, MessageKey>>)[code];
}
