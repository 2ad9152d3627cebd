/**
 * The YYYY-MM-DD `months` calendar months before `date`, a day the target month lacks becoming its
 * last day (31 May − 3 months is 28 or 29 February): the same as the contracts' shiftIsoDate(date,
 * { months: -months }) for a YYYY-MM-DD, but in plain calendar arithmetic. The home page needs only
 * this to ask for its trend; shiftIsoDate brings date-fns with it (the `dates` chunk, 4.4 KiB on
 * the wire) into the first load of every signed-in /home. Undefined for text that is no date.
 */
export function monthsBefore(date: string, months: number): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
