// Messages travel as keys ("forms.required") with parameters, never as English sentences that a
// reader turns back into a key. A module declares its English texts with defineMessages (the keys
// it returns go into Zod schemas and AppErrors) and its Spanish ones in messages-es.ts; the server
// and the web translate by key (translateMessage, and i18next's `messages` namespace on the web).

export type MessageParams = Record<string, string | number>;
declare const messageKeyBrand: unique symbol;
/** "<namespace>.<name>", made only by defineMessages: a literal sentence is not a MessageKey. */
export type MessageKey = string & { readonly [messageKeyBrand]: true };
/** A key, or a key with the values of its `{{placeholders}}`. */
export type Message = MessageKey | { key: MessageKey; params: MessageParams };
/** Texts of one language: namespace → name → text with `{{placeholders}}` (i18next's syntax). */
export type MessageTree = Record<string, Record<string, string>>;
/** The Spanish side of a catalog: the same names, no more, no fewer (checked by the compiler). */
export type TextsOf<Catalog> = { [Name in keyof Catalog]: string };

/** Every catalog's English texts, filled as the contracts' modules load. */
export const englishMessages: MessageTree = {};

/**
 * Declares a namespace's English texts and returns their keys, e.g.
 * `export const supportMessages = defineMessages('support', { tooMany: 'Too many tickets.' })`
 * then `supportMessages.tooMany === 'support.tooMany'`.
 */
export function defineMessages<const Texts extends Record<string, string>>(namespace: string, texts: Texts): { readonly [Name in keyof Texts]: MessageKey } {
  if (englishMessages[namespace]) throw new Error(`Message namespace "${namespace}" is defined twice.`);
  englishMessages[namespace] = texts;
  return Object.fromEntries(Object.keys(texts).map((name) => [name, `${namespace}.${name}`])) as { [Name in keyof Texts]: MessageKey };
}

/** A text from outside the catalogs, sent as it is (see `verbatimMessages` in errors.ts). */
export function verbatim(text: string): Message {
  return { key: 'verbatim.text' as MessageKey, params: { text } };
}

/** A key with parameters: `withParams(pricesMessages.unknownProduct, { codes: 'X, Y' })`. */
export function withParams(key: MessageKey, params: MessageParams): Message {
  return { key, params };
}

export function messageKeyOf(message: Message): MessageKey {
  return typeof message === 'string' ? message : message.key;
}

export function messageParamsOf(message: Message): MessageParams | undefined {
  return typeof message === 'string' ? undefined : message.params;
}

/** The text of a key in one language's tree, or undefined when the tree lacks it. */
export function lookupMessage(tree: MessageTree, key: string): string | undefined {
  const dot = key.indexOf('.');
  if (dot < 0) return undefined;
  const text = tree[key.slice(0, dot)]?.[key.slice(dot + 1)];
  return typeof text === 'string' ? text : undefined;
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && lookupMessage(englishMessages, value) !== undefined;
}

export function interpolate(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A message in the given language's tree, falling back to English; a text that is not a key
 * (a library's own message) comes back as it is.
 */
export function translateMessage(tree: MessageTree, message: Message | string, params?: MessageParams): string {
  const key = typeof message === 'string' ? message : message.key;
  const values = params ?? (typeof message === 'string' ? undefined : message.params);
  const text = lookupMessage(tree, key) ?? lookupMessage(englishMessages, key);
  return text === undefined ? key : interpolate(text, values);
}
