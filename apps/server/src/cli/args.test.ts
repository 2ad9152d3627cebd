import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from './args';
import { createAdminCommand } from './admin';
import { importPricesCommand } from './import-prices';

describe('CLI arguments (node:util parseArgs)', () => {
  it('reads --name value, --name=value, switches and files in order', () => {
    expect(parseCommandArgs(importPricesCommand, ['a.csv', '--strict', 'b.xls'])).toEqual({ flags: { strict: true }, positional: ['a.csv', 'b.xls'] });
    expect(parseCommandArgs(importPricesCommand, ['--eia-api', '--from', '2024-01-01', '--to=2024-02-01'])).toEqual({
      flags: { 'eia-api': true, from: '2024-01-01', to: '2024-02-01' },
      positional: [],
    });
    expect(parseCommandArgs(createAdminCommand, ['--email', 'a@b.co', '--first-name=Ana']).flags).toEqual({ email: 'a@b.co', 'first-name': 'Ana' });
  });

  it('rejects an option the command does not know and an option without its value', () => {
    expect(() => parseCommandArgs(importPricesCommand, ['--stirct'])).toThrow(/--stirct/);
    expect(() => parseCommandArgs(createAdminCommand, ['--email'])).toThrow(/--email/);
  });
});
