// A report screened against a stale or undated list is rated no better than medium, says why, and
// names its lists by human name with their version ids and publication dates (DECISIONS.md).
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { validDueForm } from '../../../test/due-diligence';
import { sanctionsDataDir, tinyUkOfsiCsv } from '../../../test/screening';
import { importSanctionsFiles, importSanctionsPaths } from '../screening/screening-import.service';
import { analyzeDueForm } from './due-diligence.pipeline';
import { describeReportList, renderReportHtml } from './due-diligence.render';

const form = (overrides: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(validDueForm(overrides)).map(([key, value]) => [key, String(value)])) as Record<string, string>;

describe('due diligence and list freshness', () => {
  const t = useTestContext();

  it('a clean form screened against a fresh list is low; once the list is stale it is medium, with the reason', async () => {
    t.setNow(new Date('2026-11-21T09:00:00Z'));
    await importSanctionsFiles(t.ctx, [{ name: 'ConList.csv', content: tinyUkOfsiCsv('20/11/2026') }], { origin: 'test' });
    const fresh = await analyzeDueForm(t.ctx, form(), 'en');
    expect(fresh.risk.rating).toBe('low');
    expect(fresh.lists).toEqual([
      { source: 'uk_ofsi', published_at: '2026-11-20T00:00:00.000Z', entries: 3, version_id: expect.stringMatching(/^uk_ofsi@[0-9a-f]{12}$/), stale: false },
    ]);

    t.setNow(new Date('2026-12-01T09:00:00Z'));
    const stale = await analyzeDueForm(t.ctx, form(), 'en');
    expect(stale.risk.rating).toBe('medium');
    expect(stale.lists[0]!.stale).toBe(true);
    expect(stale.risk.reasons).toContain(
      'Screened against a stale list: UK HM Treasury (OFSI), published 2026-11-20, 11 days before this report (lists older than 7 days are stale). The rating is at least medium until the list is updated.',
    );
    const spanish = await analyzeDueForm(t.ctx, form(), 'es');
    expect(spanish.risk.reasons.join(' ')).toContain('Cribado contra una lista desactualizada: Tesoro del Reino Unido (OFSI), publicada el 2026-11-20');

    // A match still rates higher than the cap.
    const matched = await analyzeDueForm(t.ctx, form({ business_name: 'Halvard Marine Bunkering Ltd' }), 'en');
    expect(['high', 'critical']).toContain(matched.risk.rating);
    t.setNow(null);
  });

  it('an undated list caps the rating too, and the report names it in words a reader cannot miss', async () => {
    await importSanctionsPaths(t.ctx, [sanctionsDataDir.sdnTiny]);
    const findings = await analyzeDueForm(t.ctx, form(), 'en');
    expect(findings.risk.rating).toBe('medium');
    expect(findings.risk.reasons).toContain('Screened against an undated list: OFAC SDN (its publication date is unknown). The rating is at least medium until a dated list is loaded.');
    const sdn = findings.lists.find((item) => item.source === 'ofac_sdn')!;
    expect(describeReportList(sdn, 'en')).toBe(`OFAC SDN — 17 entries, version ${sdn.version_id} — UNDATED LIST: publication date unknown`);
    expect(describeReportList(sdn, 'es')).toBe(`OFAC SDN — 17 entradas, versión ${sdn.version_id} — LISTA SIN FECHA: fecha de publicación desconocida`);
    const html = renderReportHtml({ ...findings, narrative: { text: null, source: 'none', note: '' } }, 'en');
    expect(html).toContain('UNDATED LIST');
    expect(html).toContain(sdn.version_id!);
    expect(html).not.toContain('ofac_sdn —');
  });
});
