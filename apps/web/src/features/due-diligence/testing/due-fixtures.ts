import type { DueFindings, DueReport, DueUsage } from '@fueldesk/contracts';

export const starterUsage: DueUsage = {
  plan_code: 'starter',
  limit: 3,
  used: 1,
  remaining: 2,
  period_start: '2026-11-01T00:00:00.000Z',
  period_end: '2026-12-01T00:00:00.000Z',
};

export const sanctionedFindings: DueFindings = {
  lists: [{ source: 'ofac_sdn', published_at: '2026-11-20T00:00:00.000Z', entries: 6 }],
  screening: [
    {
      field: 'business_name',
      name: 'Karvelis Fuel Trading LLC',
      matches: [
        {
          entity_id: 'ofac_sdn:90002',
          source: 'ofac_sdn',
          name: 'KARVELIS FUEL TRADING LLC',
          matched_name: 'KARVELIS FUEL TRADING LLC',
          score: 0.98,
          programs: ['IRAN'],
          explanation: 'all tokens equal',
        },
      ],
    },
    { field: 'contact_name', name: 'Dana Whitfield', matches: [] },
  ],
  routing_number: { valid: false, reason: 'The 3-7-1 checksum of the routing number fails: it is mistyped or invented.' },
  federal_tax_id: { valid: true, reason: 'The format and the prefix 12 are valid (the IRS record is not confirmed).' },
  contact: { email_valid: true, free_mail: true, disposable: false, phone_valid: true, phone_country: 'US' },
  ust: { plausible: true, notes: ['About 10000 gallons per tank is a usual size.'] },
  missing: ['owner_name'],
  adverse_media: [
    {
      field: 'business_name',
      name: 'Karvelis Fuel Trading LLC',
      articles: [{ id: 7, slug: 'karvelis-cargo', title: 'Karvelis Fuel Trading cargo seized', source_name: 'Reuters', url: 'https://example.com/karvelis', published_at: '2026-11-01T00:00:00.000Z' }],
    },
  ],
  risk: { rating: 'critical', reasons: ['Business name "Karvelis Fuel Trading LLC" matches the sanctions list entry "KARVELIS FUEL TRADING LLC" (98%).'] },
  narrative: { text: null, source: 'none', note: 'No language model is configured: this report has no narrative.' },
};

export const readyReport: DueReport = {
  id: '5b1f3c0e-3a43-4f0b-9a51-6a2d2f0c1a11',
  title: 'Dana Whitfield',
  status: 'ready',
  rating: 'critical',
  description: '',
  content: '<h2>Risk rating: Critical</h2><p>See [OFAC](https://ofac.treasury.gov/)</p><img src=x onerror="alert(1)">',
  findings: sanctionedFindings,
  failure_reason: null,
  created_at: '2026-11-24T10:00:00.000Z',
  completed_at: '2026-11-24T10:00:05.000Z',
  version: 1,
  previous_id: null,
  engine_version: 'fueldesk-screening-1',
  threshold: 0.86,
  rating_history: [],
  changes: null,
};
