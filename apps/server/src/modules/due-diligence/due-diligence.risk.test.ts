import type { DueFindings } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import { CRITICAL_SCORE, rateRisk } from './due-diligence.risk';

function findingsWithScore(score: number): Omit<DueFindings, 'risk' | 'narrative'> {
  return {
    lists: [{ source: 'ofac_sdn', published_at: '2026-11-20T00:00:00.000Z', entries: 6 }],
    screening: [
      {
        field: 'contact_name',
        name: 'Dana Whitfeld',
        matches: [{ entity_id: 'ofac_sdn:1', source: 'ofac_sdn', name: 'DANA WHITFIELD', matched_name: 'DANA WHITFIELD', score, programs: ['SDGT'], explanation: '' }],
      },
    ],
    routing_number: { valid: true, reason: '' },
    federal_tax_id: { valid: true, reason: '' },
    contact: { email_valid: true, free_mail: false, disposable: false, phone_valid: true, phone_country: 'US' },
    ust: { plausible: true, notes: [] },
    missing: [],
    adverse_media: [],
  } as unknown as Omit<DueFindings, 'risk' | 'narrative'>;
}

describe("the report's reasons", () => {
  it('say "resembles" with the score below 0.95 and "matches" only from 0.95, in both languages', () => {
    expect(CRITICAL_SCORE).toBe(0.95);
    expect(rateRisk(findingsWithScore(0.82), 'en').reasons[0]).toBe('Contact "Dana Whitfeld" resembles the sanctions list entry "DANA WHITFIELD" (82%).');
    expect(rateRisk(findingsWithScore(0.949), 'en').reasons[0]).toContain('resembles');
    expect(rateRisk(findingsWithScore(0.95), 'en').reasons[0]).toContain('" matches the sanctions list entry');
    expect(rateRisk(findingsWithScore(0.82), 'es').reasons[0]).toContain('se parece a la entrada');
    expect(rateRisk(findingsWithScore(0.97), 'es').reasons[0]).toContain('coincide con la entrada');
  });
});
