import { messageKeyOf, messageParamsOf, priceImportMessages, withParams, type Message, type MessageKey } from '@fueldesk/contracts';
import { translate, type Lang } from '../../lib/messages';
import type { ParsedPriceFile } from './types';

/**
 * The importer's reasons (keys with parameters) as text in one language: English for the CLI and the
 * import history, the uploader's language for the data desk. A `period` parameter is itself a key
 * (weekly, monthly, …), translated with its sentence.
 */
export function importReasonText(lang: Lang, reason: Message): string {
  const params = messageParamsOf(reason);
  if (!params || typeof params.period !== 'string') return translate(lang, reason);
  return translate(lang, withParams(messageKeyOf(reason), { ...params, period: translate(lang, params.period as MessageKey) }));
}

/** A refused file's reason as one sentence, naming the line to blame: "Line 4: … ." */
export function refusalText(lang: Lang, reason: Message, line: number | null): string {
  const text = importReasonText(lang, reason);
  return translate(lang, line ? withParams(priceImportMessages.atLine, { line, reason: text }) : withParams(priceImportMessages.sentence, { reason: text }));
}

/** A parse result with its reasons as English text (the parsers' tests read them so). */
export function inEnglish(parsed: ParsedPriceFile) {
  const rejected = parsed.rejected.map((entry) => ({ line: entry.line, reason: importReasonText('en', entry.reason) }));
  return parsed.ok ? { ...parsed, rejected } : { ...parsed, reason: importReasonText('en', parsed.reason), rejected };
}
