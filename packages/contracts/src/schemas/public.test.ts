import { describe, expect, it } from 'vitest';
import { englishMessages, translateMessage, type Message } from '../messages';

const en = (message: Message) => translateMessage(englishMessages, message);
import type { z } from 'zod';
import { formMessages } from './forms';
import { createContactMessageBodySchema, createLeadBodySchema } from './public';
import { createReleaseBodySchema } from './releases';
import { createSupportMessageBodySchema } from './support';

function messagesByField(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    fields[key] ??= translateMessage(englishMessages, issue.message);
  }
  return fields;
}

const lead = {
  first_name: 'María José',
  last_name: "O'Neil-Pérez",
  email: 'maria@example.com',
  phone: '+1 (305) 555-0142',
  company: 'Gulf Coast Fuels & Co.',
  job_title: 'Supply manager',
  employees: '51-200',
  industry: 'fuel_distribution',
  interests: ['crude_reports_prices', 'regulatory_updates'],
  regions: ['north_america'],
  operational_scale: 'regional',
  message: '',
};

describe('lead form (SPEC.md §5 messages)', () => {
  it('accepts a complete lead and normalises blanks', () => {
    const parsed = createLeadBodySchema.parse({ ...lead, job_title: '  ', employees: '', phone: undefined });
    expect(parsed.job_title).toBe('');
    expect(parsed.employees).toBeNull();
    expect(parsed.phone).toBe('');
    expect(parsed.interests).toEqual(['crude_reports_prices', 'regulatory_updates']);
  });

  it('refuses digits in name fields', () => {
    expect(messagesByField(createLeadBodySchema, { ...lead, first_name: 'Ana2', last_name: 'R0jas' })).toEqual({
      first_name: 'This field cannot contain numbers.',
      last_name: 'This field cannot contain numbers.',
    });
  });

  it('refuses letters in the phone, then an implausible number', () => {
    expect(messagesByField(createLeadBodySchema, { ...lead, phone: '555-CALL-NOW' })).toEqual({
      phone: 'Phone number cannot contain letters.',
    });
    for (const phone of ['12345', '+1 555 0100 2233 4455 66', '555#0142', '++1 305 555 0142']) {
      expect(messagesByField(createLeadBodySchema, { ...lead, phone })).toEqual({ phone: 'Please enter a valid phone number.' });
    }
  });

  it('refuses invalid characters in names and company fields', () => {
    expect(messagesByField(createLeadBodySchema, { ...lead, first_name: 'Ana <b>', company: 'Acme {x}', job_title: 'a|b' })).toEqual({
      first_name: 'This field contains invalid characters.',
      company: 'This field contains invalid characters.',
      job_title: 'This field contains invalid characters.',
    });
  });

  it('needs at least one known interest and known choices', () => {
    expect(messagesByField(createLeadBodySchema, { ...lead, interests: [] })).toEqual({ interests: en(formMessages.selectAtLeastOne) });
    expect(messagesByField(createLeadBodySchema, { ...lead, interests: ['gold'] })).toEqual({ 'interests.0': en(formMessages.selectOption) });
    expect(messagesByField(createLeadBodySchema, { ...lead, operational_scale: 'galactic' })).toEqual({
      operational_scale: en(formMessages.selectOption),
    });
  });

  it('requires names, email and company', () => {
    expect(messagesByField(createLeadBodySchema, { interests: ['regulatory_updates'] })).toEqual({
      first_name: en(formMessages.required),
      last_name: en(formMessages.required),
      email: en(formMessages.emailRequired),
      company: en(formMessages.required),
    });
  });
});

describe('contact form', () => {
  const contact = { name: 'Lee Park', email: 'lee@example.com', subject: 'Coverage', question: 'Do you cover ULSD?' };

  it('requires name, email, subject and question only', () => {
    expect(createContactMessageBodySchema.parse(contact)).toMatchObject({ ...contact, phone: '', company: '' });
    expect(messagesByField(createContactMessageBodySchema, {})).toEqual({
      name: en(formMessages.required),
      email: en(formMessages.emailRequired),
      subject: en(formMessages.required),
      question: en(formMessages.required),
    });
  });

  it('checks the email format and the optional phone', () => {
    expect(messagesByField(createContactMessageBodySchema, { ...contact, email: 'lee@', phone: 'abc' })).toEqual({
      email: 'The email format is invalid',
      phone: 'Phone number cannot contain letters.',
    });
  });

  it('refuses line breaks and control characters in the subject (mail header injection)', () => {
    expect(messagesByField(createContactMessageBodySchema, { ...contact, subject: 'Hi\r\nBcc: all@example.com' })).toEqual({
      subject: en(formMessages.invalidCharacters),
    });
  });

  it('refuses overly long text', () => {
    expect(messagesByField(createContactMessageBodySchema, { ...contact, question: 'x'.repeat(5_001) })).toEqual({
      question: en(formMessages.tooLong),
    });
  });
});

describe('support message', () => {
  it('accepts the four types and nothing else', () => {
    for (const type of ['question', 'complaint', 'request', 'feedback']) {
      expect(createSupportMessageBodySchema.safeParse({ type, subject: 'Hi', message: 'Text' }).success).toBe(true);
    }
    expect(messagesByField(createSupportMessageBodySchema, { type: 'praise', subject: ' ', message: '' })).toEqual({
      type: en(formMessages.selectOption),
      subject: en(formMessages.required),
      message: en(formMessages.required),
    });
  });
});

describe('release form (SPEC.md §5)', () => {
  const release = {
    title: 'Beta launch',
    version: '0.1.0',
    type: 'minor',
    description: 'First public beta.',
    sections: [{ title: 'New', items: ['Prices', '  '] }],
  };

  it('accepts digits and dots only as the version', () => {
    expect(createReleaseBodySchema.parse(release).sections).toEqual([{ title: 'New', items: ['Prices'] }]);
    for (const version of ['v1.0', '1.0-beta', '1..0', '.1', '1.0.']) {
      expect(messagesByField(createReleaseBodySchema, { ...release, version })).toEqual({ version: en(formMessages.versionFormat) });
    }
  });

  it('needs at least one section with a title and items', () => {
    expect(messagesByField(createReleaseBodySchema, { ...release, sections: [] })).toEqual({ sections: en(formMessages.sectionsRequired) });
    expect(messagesByField(createReleaseBodySchema, { ...release, sections: [{ title: ' ', items: ['a'] }] })).toEqual({
      'sections.0.title': en(formMessages.sectionTitleRequired),
    });
    expect(messagesByField(createReleaseBodySchema, { ...release, sections: [{ title: 'New', items: [' '] }] })).toEqual({
      'sections.0.items': en(formMessages.sectionItemsRequired),
    });
  });
});
