import { createRequire } from 'node:module';

type CronParser = typeof import('cron-parser');

/** luxon's global settings, as far as they are set here. */
interface LuxonSettings {
  defaultZone: unknown;
  defaultLocale: string;
}

const requireHere = createRequire(import.meta.url);

/**
 * The luxon that cron-parser loads (cron-parser's dates are luxon's), resolved from where `parent`
 * loads cron-parser: the server's own cron-parser, and the one pg-boss's schedules use.
 */
function luxonSettingsOf(parent: string): LuxonSettings {
  const cronParser = createRequire(parent).resolve('cron-parser');
  return (createRequire(cronParser)('luxon') as { Settings: LuxonSettings }).Settings;
}

/**
 * Dates of cron expressions (pg-boss's schedules, the next EIA sync and sanctions download) in UTC
 * and in English without asking Intl. luxon's defaults are the machine's zone and locale, which it
 * reads through `Intl.DateTimeFormat` every time a schedule is computed (each cron-parser date is
 * made in the default zone first, then moved to the expression's zone, always UTC here). That first
 * DateTimeFormat loads ICU's time-zone, calendar and locale data: 5–6 MiB of the node binary's pages
 * (ICU's data is part of it) and ~2 MiB of the heap stayed resident from the server's start on
 * (`/proc/<pid>/smaps` and pagemap by ICU data item, README's Benchmarks). Every expression the
 * server gives cron-parser names UTC, so the default zone only decides what luxon asks, not the
 * answer.
 */
let settled = false;
export function settleCronDates(): void {
  if (settled) return;
  settled = true;
  for (const parent of [import.meta.url, requireHere.resolve('pg-boss')]) {
    const settings = luxonSettingsOf(parent);
    settings.defaultZone = 'utc';
    settings.defaultLocale = 'en-US';
  }
}

let loaded: CronParser | undefined;

/**
 * cron-parser, loaded on first use (it brings luxon, 256 KB: a start never reads a schedule, and
 * loaded statically it was ~30 ms of each restart's module loading), its dates settled as above.
 */
export function loadCronParser(): CronParser {
  if (!loaded) {
    settleCronDates();
    loaded = requireHere('cron-parser') as CronParser;
  }
  return loaded;
}
