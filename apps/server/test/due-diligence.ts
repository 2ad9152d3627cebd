/** A complete, clean form (API.md's keys). */
export function validDueForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    business_name: 'Blue Harbor Fuels',
    contact_name: 'Dana Whitfield',
    email: 'dana@blueharborfuels.com',
    country: 'United States',
    phone: '+1 212 555 0100',
    street: '12 Pier Road',
    city: 'Houston',
    state_zip: 'TX 77002',
    business_type: 'llc',
    legal_business_name: 'Blue Harbor Fuels LLC',
    federal_tax_id: '12-3456789',
    owner_name: 'Marcus Lindqvist',
    bank_name: 'First Gulf Bank',
    routing_number: '021000021',
    account_number: '000123456789',
    authorized_signer: 'Dana Whitfield',
    ust_facility_number: 'TX-0012345',
    ust_count: '3',
    ust_total_capacity_gallons: '30000',
    ust_avg_monthly_usage_gallons: '60000',
    consent: true,
    ...overrides,
  };
}

/** POST /api/due/create's body for a form. */
export const createDueBody = (form: Record<string, unknown> = validDueForm()) => ({ description: 'Pre-deal check', contact_name: String(form.contact_name ?? ''), extra: form });

