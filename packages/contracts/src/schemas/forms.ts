import { z } from 'zod';
import { defineMessages } from '../messages';

// The building blocks of the public, support and release forms: one catalog of messages and the
// field rules they share, so that no module's contracts take them from another module's.

/**
 * Every message the public, support and release forms can show. SPEC.md §5's lead-form messages
 * are word for word; the web translates each entry by its key (never by parsing the text).
 */
export const formMessages = defineMessages('forms', {
  required: 'This field is required.',
  emailRequired: 'Email is required',
  emailInvalid: 'The email format is invalid',
  tooLong: 'This text is too long.',
  noDigits: 'This field cannot contain numbers.',
  phoneLetters: 'Phone number cannot contain letters.',
  phoneInvalid: 'Please enter a valid phone number.',
  invalidCharacters: 'This field contains invalid characters.',
  selectOption: 'Please select an option.',
  selectAtLeastOne: 'Please select at least one option.',
  versionFormat: 'Use digits and dots only, for example 1.2.0.',
  sectionsRequired: 'Add at least one section with a title and items.',
  sectionTitleRequired: 'Each section needs a title.',
  sectionItemsRequired: 'Each section needs at least one item.',
  tooManyEntries: 'Too many entries.',
});
export type FormMessageKey = keyof typeof formMessages;


export const PERSON_NAME_MAX = 80;
export const SHORT_TEXT_MAX = 160;
export const SUBJECT_MAX = 200;
export const LONG_TEXT_MAX = 5_000;
export const PHONE_MIN_DIGITS = 7;
/** E.164 allows at most 15 digits. */
export const PHONE_MAX_DIGITS = 15;

// Letters of any script, combining marks, spaces, apostrophes, dots and hyphens ("María-José O'Neil Jr.").
const personNamePattern = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]*$/u;
// Markup, template and shell metacharacters and control characters have no place in a company or job title.
const invalidTextPattern = /[<>{}[\]\\`|^~=$*]|\p{Cc}/u;
const phoneShapePattern = /^\+?[0-9 ().-]+$/;

/** SPEC.md §5: which lead-form rule a person name breaks, in the order the user should fix them. */
export function checkPersonName(value: string): FormMessageKey | null {
  if (/\p{N}/u.test(value)) return 'noDigits';
  if (!personNamePattern.test(value)) return 'invalidCharacters';
  return null;
}

/** SPEC.md §5: no letters, then a plausible international number (7 to 15 digits). */
export function checkPhone(value: string): FormMessageKey | null {
  if (/\p{L}/u.test(value)) return 'phoneLetters';
  if (!phoneShapePattern.test(value)) return 'phoneInvalid';
  const digits = value.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) return 'phoneInvalid';
  if ((value.match(/\+/g) ?? []).length > 1) return 'phoneInvalid';
  return null;
}

export function checkFreeText(value: string): FormMessageKey | null {
  return invalidTextPattern.test(value) ? 'invalidCharacters' : null;
}

export function requiredText(max: number, check?: (value: string) => FormMessageKey | null) {
  return z
    .string({ error: formMessages.required })
    .trim()
    .min(1, { error: formMessages.required, abort: true })
    .max(max, { error: formMessages.tooLong, abort: true })
    .superRefine((value, context) => {
      const broken = check?.(value);
      if (broken) context.addIssue({ code: 'custom', message: formMessages[broken] });
    });
}

/** An optional field: absent, null and blank all mean "not given" and come out as an empty string. */
export function optionalText(max: number, check?: (value: string) => FormMessageKey | null) {
  return z
    .string({ error: formMessages.invalidCharacters })
    .trim()
    .max(max, { error: formMessages.tooLong, abort: true })
    .superRefine((value, context) => {
      const broken = value === '' ? null : check?.(value);
      if (broken) context.addIssue({ code: 'custom', message: formMessages[broken] });
    })
    .nullish()
    .transform((value) => value ?? '');
}

export const emailSchema = z
  .string({ error: formMessages.emailRequired })
  .trim()
  .min(1, { error: formMessages.emailRequired, abort: true })
  .max(254, { error: formMessages.emailInvalid, abort: true })
  .pipe(z.email({ error: formMessages.emailInvalid }));

export const personNameSchema = requiredText(PERSON_NAME_MAX, checkPersonName);
export const optionalPhoneSchema = optionalText(32, checkPhone);
