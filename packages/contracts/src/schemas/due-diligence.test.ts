import { describe, expect, it } from 'vitest';
import { englishMessages, translateMessage, type Message } from '../messages';

const en = (message: Message) => translateMessage(englishMessages, message);
import { createDueReportBodySchema, dueFormSchema, dueMessages } from './due-diligence';

const form = { business_name: 'Blue Harbor Fuels', contact_name: 'Dana Whitfield', consent: true };
const messagesOf = (value: unknown) => {
  const result = dueFormSchema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), translateMessage(englishMessages, issue.message)]));
};

describe('due diligence form schema', () => {
  it('accepts a minimal form and normalises blanks and checkboxes', () => {
    const parsed = dueFormSchema.parse({ ...form, require_po: 'on', email: null, unknown_key: 'dropped' });
    expect(parsed).toMatchObject({ business_name: 'Blue Harbor Fuels', require_po: true, voided_check: false, email: '' });
    expect(parsed).not.toHaveProperty('unknown_key');
  });

  it("gives SPEC.md §5's messages", () => {
    expect(messagesOf({})).toMatchObject({ business_name: en(dueMessages.businessRequired), contact_name: en(dueMessages.contactRequired), consent: en(dueMessages.consentRequired) });
    expect(messagesOf({ ...form, contact_name: '', owner_name: 'Marcus' })).toEqual({});
    expect(messagesOf({ ...form, email: 'x@' })).toEqual({ email: 'Invalid email.' });
    expect(messagesOf({ ...form, ust_count: '3 tanks' })).toEqual({ ust_count: 'Numbers only.' });
    expect(messagesOf({ ...form, routing_number: '12345678' })).toEqual({ routing_number: en(dueMessages.routingLength) });
    expect(messagesOf({ ...form, federal_tax_id: '12-345678' })).toEqual({ federal_tax_id: en(dueMessages.taxIdLength) });
    expect(messagesOf({ ...form, federal_tax_id: '12-3456789' })).toEqual({});
  });

  it('rejects a non-object payload with its message', () => {
    for (const extra of ['text', [], null, 3]) {
      const result = createDueReportBodySchema.safeParse({ contact_name: 'X', extra });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(dueMessages.payloadNotObject);
    }
  });
});
