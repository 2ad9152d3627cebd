import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCronParser } from './cron-parser';

const RealDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

/** Counts the Intl.DateTimeFormat made (with or without `new`) from now on. */
function countDateTimeFormats() {
  const counter = { made: 0 };
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args) {
      counter.made += 1;
      return new target(...(args as []));
    },
    apply(target, _self, args) {
      counter.made += 1;
      return target(...(args as []));
    },
  });
  return counter;
}

describe('cron dates', () => {
  it('computes UTC schedules without making an Intl.DateTimeFormat', () => {
    const parser = loadCronParser();
    const counter = countDateTimeFormats();
    const interval = parser.parseExpression('30 6 * * 1-5', { currentDate: new Date('2026-01-09T12:00:00Z'), tz: 'UTC' });
    expect(interval.next().toDate().toISOString()).toBe('2026-01-12T06:30:00.000Z');
    // pg-boss's check (timekeeper.js): the previous run of an expression from now.
    const previous = parser.parseExpression('0 3 * * *', { tz: 'UTC' }).prev().toDate();
    expect(Date.now() - previous.getTime()).toBeLessThanOrEqual(86_400_000);
    expect(counter.made).toBe(0);
  });

  it('settles the luxon of the cron-parser that pg-boss loads too', () => {
    loadCronParser();
    const fromPgBoss = createRequire(createRequire(import.meta.url).resolve('pg-boss')).resolve('cron-parser');
    const { Settings } = createRequire(fromPgBoss)('luxon') as { Settings: { defaultZone: { name: string }; defaultLocale: string } };
    expect(Settings.defaultZone.name).toBe('UTC');
    expect(Settings.defaultLocale).toBe('en-US');
  });
});
