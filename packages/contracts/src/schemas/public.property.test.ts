import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isMessageKey } from '../messages';
import { formMessages } from './forms';
import { createContactMessageBodySchema, createLeadBodySchema, employeeRanges, geographicRegions, subscriptionInterests } from './public';
import { createSupportMessageBodySchema, supportMessageTypes } from './support';

// The public forms take whatever a browser (or a script) sends. For any input the schemas answer
// with a result, never an exception, and every error is one of the catalog's messages, which the web
// translates by key: a message outside the catalog would reach a Spanish user in English.

/** Arbitrary text, weighted towards what the rules look at: digits, letters of any script, markup, blanks. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: fc.constantFrom(...'aZñé 0+-().\'<>{}$=@\t\n\u0000\u200b'.split('')), maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 6000 }),
);
/** What a JSON body may hold in a field: text most of the time, anything else sometimes. */
const anyValue = fc.oneof({ weight: 4, arbitrary: anyText }, { weight: 1, arbitrary: fc.jsonValue() }, { weight: 1, arbitrary: fc.constant(undefined) });

const schemas: Array<[string, z.ZodType, Record<string, fc.Arbitrary<unknown>>]> = [
  ['contact', createContactMessageBodySchema, { name: anyValue, phone: anyValue, email: anyValue, company: anyValue, subject: anyValue, question: anyValue }],
  [
    'lead',
    createLeadBodySchema,
    {
      first_name: anyValue,
      last_name: anyValue,
      email: anyValue,
      phone: anyValue,
      company: anyValue,
      job_title: anyValue,
      employees: fc.oneof(anyValue, fc.constantFrom(...employeeRanges)),
      industry: anyValue,
      interests: fc.oneof(fc.array(fc.oneof(anyValue, fc.constantFrom(...subscriptionInterests))), anyValue),
      regions: fc.oneof(fc.array(fc.oneof(anyValue, fc.constantFrom(...geographicRegions))), anyValue),
      operational_scale: anyValue,
      message: anyValue,
    },
  ],
  ['support', createSupportMessageBodySchema, { type: fc.oneof(anyValue, fc.constantFrom(...supportMessageTypes)), subject: anyValue, message: anyValue }],
];

describe('public form schemas (properties)', () => {
  it.each(schemas)('%s: any body gives a result whose errors are catalog messages on named fields', (_name, schema, fields) => {
    fc.assert(
      fc.property(fc.record(fields, { requiredKeys: [] }), (body) => {
        const result = schema.safeParse(body);
        if (result.success) return;
        for (const issue of result.error.issues) {
          expect(isMessageKey(issue.message), `${issue.path.join('.')}: ${issue.message}`).toBe(true);
          expect(issue.path.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  // A value the form accepts for a field, generated rather than listed.
  const letters = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzÁÉÍÓÚáéíóúñÑüçøåłŁßЖжΩω李王'.split('')), minLength: 1, maxLength: 20 });
  const personName = fc
    .tuple(letters, fc.array(fc.tuple(fc.constantFrom(' ', '-', "'", '. ', '\u2019'), letters), { maxLength: 3 }))
    .map(([first, rest]) => first + rest.map(([separator, part]) => separator + part).join(''));
  const plainText = fc.string({ unit: fc.constantFrom(...'abc XYZ123.,;:!?()&%#"\'/-_ñáé'.split('')), maxLength: 150 }).filter((text) => text.trim() !== '');
  const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9_+-]{1,20}(\.[a-z0-9_'+-]*[a-z0-9_+-])?$/), fc.stringMatching(/^([a-z0-9][a-z0-9-]{0,15}\.){1,3}[a-z]{2,6}$/))
  .map(([local, domain]) => `${local}@${domain}`);
  const phone = fc
    .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{7,15}$/))
    .map(([plus, digits]) => `${plus ? '+' : ''}${digits.slice(0, 3)} ${digits.slice(3)}`);

  it('accepts every well-formed contact message and keeps its text trimmed', () => {
    fc.assert(
      fc.property(personName, email, plainText, plainText, fc.option(phone, { nil: undefined }), (name, address, subject, question, phoneNumber) => {
        const result = createContactMessageBodySchema.safeParse({ name: ` ${name} `, email: address, subject, question, phone: phoneNumber });
        expect(result.error?.issues ?? []).toEqual([]);
        expect(result.data).toMatchObject({ name: name.trim(), subject: subject.trim(), question: question.trim(), phone: phoneNumber ?? '' });
      }),
    );
  });

  it('accepts every well-formed lead and refuses names holding a digit', () => {
    fc.assert(
      fc.property(
        personName,
        personName,
        email,
        plainText,
        fc.subarray([...subscriptionInterests], { minLength: 1 }),
        fc.nat(),
        fc.integer({ min: 0, max: 9 }),
        (first, last, address, company, interests, at, digit) => {
          const body = { first_name: first, last_name: last, email: address, company, interests };
          expect(createLeadBodySchema.safeParse(body).error?.issues ?? []).toEqual([]);
          const withDigit = `${first.slice(0, at % (first.length + 1))}${digit}${first.slice(at % (first.length + 1))}`;
          const refused = createLeadBodySchema.safeParse({ ...body, first_name: withDigit });
          expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['first_name', formMessages.noDigits]]);
        },
      ),
    );
  });

  it('support: every message type with any non-blank text of allowed length is accepted', () => {
    fc.assert(
      fc.property(fc.constantFrom(...supportMessageTypes), plainText, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }), (type, subject, message) => {
        const result = createSupportMessageBodySchema.safeParse({ type, subject, message });
        if (message.trim() === '') expect(result.error?.issues.map((issue) => issue.message)).toEqual([formMessages.required]);
        else expect(result.error?.issues ?? []).toEqual([]);
      }),
    );
  });
});
