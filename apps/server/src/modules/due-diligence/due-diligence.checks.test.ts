import { describe, expect, it } from 'vitest';
import { checkContact, checkFederalTaxId, checkRoutingNumber, checkUst, findCountryCode, listMissingFields } from './due-diligence.checks';

describe('due diligence checks', () => {
  it('accepts a routing number with a good 3-7-1 checksum and Federal Reserve symbol', () => {
    expect(checkRoutingNumber('021000021', 'en').valid).toBe(true);
    expect(checkRoutingNumber('011000015', 'en').valid).toBe(true);
  });

  it('rejects a mistyped routing number, a bad routing symbol and a wrong length, each with its reason', () => {
    const mistyped = checkRoutingNumber('021000022', 'en');
    expect(mistyped).toMatchObject({ valid: false });
    expect(mistyped.reason).toMatch(/checksum/);
    // 13xxxxxxx with a valid checksum: 3(1+0+0)+7(3+0+0)+(0+0+d9) = 24 + d9 → d9 = 6.
    const symbol = checkRoutingNumber('130000006', 'en');
    expect(symbol).toMatchObject({ valid: false });
    expect(symbol.reason).toContain('13');
    expect(checkRoutingNumber('12345', 'en').valid).toBe(false);
    expect(checkRoutingNumber('', 'en').valid).toBeNull();
    expect(checkRoutingNumber('021000022', 'es').reason).toMatch(/suma de control/);
  });

  it('checks the EIN format and the IRS prefix', () => {
    expect(checkFederalTaxId('12-3456789', 'en').valid).toBe(true);
    const prefix = checkFederalTaxId('07-1234567', 'en');
    expect(prefix.valid).toBe(false);
    expect(prefix.reason).toContain('07');
    expect(checkFederalTaxId('1234', 'en').valid).toBe(false);
    expect(checkFederalTaxId('', 'en').valid).toBeNull();
  });

  it('flags free-mail and disposable domains and validates the phone for the country', () => {
    expect(checkContact({ email: 'ops@gmail.com', phone: '+1 212 555 0100', country: 'US' })).toMatchObject({ email_valid: true, free_mail: true, disposable: false });
    expect(checkContact({ email: 'x@mailinator.com', phone: '', country: '' })).toMatchObject({ disposable: true, phone_valid: null });
    expect(checkContact({ email: 'not-an-email', phone: '', country: '' }).email_valid).toBe(false);
    const mexico = checkContact({ email: 'compras@acme-fuels.com', phone: '55 1234 5678', country: 'México' });
    expect(mexico).toMatchObject({ free_mail: false, phone_valid: true, phone_country: 'MX' });
    expect(checkContact({ email: '', phone: '123', country: 'United States' }).phone_valid).toBe(false);
    expect(findCountryCode('Spain')).toBe('ES');
    expect(findCountryCode('Atlantis')).toBeNull();
  });

  it('notes implausible UST figures with the reason for each', () => {
    const ok = checkUst({ ust_count: '3', ust_total_capacity_gallons: '30000', ust_avg_monthly_usage_gallons: '90000', ust_facility_number: 'TX-0012345' }, 'en');
    expect(ok.plausible).toBe(true);
    const bad = checkUst({ ust_count: '2', ust_total_capacity_gallons: '400', ust_avg_monthly_usage_gallons: '900000', ust_facility_number: '<x>' }, 'en');
    expect(bad.plausible).toBe(false);
    expect(bad.notes.join(' ')).toMatch(/gallons per tank/);
    expect(bad.notes.join(' ')).toMatch(/Monthly usage exceeds/);
    expect(bad.notes.join(' ')).toMatch(/facility number/);
    expect(checkUst({}, 'en').plausible).toBeNull();
  });

  it('lists the expected fields left empty', () => {
    const missing = listMissingFields({ business_name: 'Acme', contact_name: ' ', routing_number: '021000021' });
    expect(missing).toContain('contact_name');
    expect(missing).not.toContain('business_name');
    expect(missing).not.toContain('routing_number');
  });
});
