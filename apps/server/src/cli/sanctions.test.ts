import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { sanctionsDataDir } from '../../test/screening';
import { getScreeningStatus } from '../modules/screening/screening.service';
import { parseCommandArgs } from './args';
import { createSanctionsCommand } from './sanctions';

describe('fueldesk sanctions', () => {
  const t = useTestContext();
  let printed: string[];
  let errors: string[];
  let closed: number;

  const command = () => {
    printed = [];
    errors = [];
    closed = 0;
    return createSanctionsCommand({
      openRuntime: async () => ({ ctx: t.ctx, close: async () => void (closed += 1) }),
      print: (line) => printed.push(line),
      printError: (line) => errors.push(line),
      progress: false,
    });
  };
  /** Parses argv exactly as the CLI does (strict: unknown options throw), then runs a fresh command. */
  const run = (argv: string[]) => {
    const sanctions = command();
    return sanctions.run(parseCommandArgs(sanctions, argv));
  };

  it('refuses a missing action or path with usage and exit code 2', async () => {
    expect(await run([])).toBe(2);
    expect(errors[0]).toMatch(/Usage: sanctions import PATH/);
    expect(await run(['import'])).toBe(2);
    expect(errors[0]).toMatch(/at least one file or folder/);
    expect(await run(['update', '--source', 'eu'])).toBe(2);
    expect(await run(['import', '/nonexistent/folder'])).toBe(2);
    expect(errors[0]).toMatch(/no such file or folder/);
  });

  it('says how to load lists when none is, imports folders and reports each list', async () => {
    expect(await run(['status'])).toBe(0);
    expect(printed.join('\n')).toMatch(/No sanctions list is loaded/);

    expect(await run(['import', sanctionsDataDir.sdnTiny, sanctionsDataDir.un])).toBe(0);
    expect(printed).toEqual(
      expect.arrayContaining([expect.stringMatching(/^✓ ofac_sdn: stored as ofac_sdn@[0-9a-f]{12} \(17 entries/), expect.stringMatching(/^✓ un: stored as un@[0-9a-f]{12} \(1003 entries/)]),
    );
    expect(closed).toBe(1);
    expect((await getScreeningStatus(t.ctx)).lists.map((list) => list.source)).toEqual(['ofac_sdn', 'un']);

    expect(await run(['import', sanctionsDataDir.sdnTiny])).toBe(0);
    expect(printed[0]).toMatch(/^= ofac_sdn: the same list is already stored/);

    expect(await run(['status'])).toBe(0);
    expect(printed[0]).toMatch(/^ofac_sdn: 17 entries/);
  });
});
