import * as Popover from '@radix-ui/react-popover';
import { useMemo, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS, es } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatDay, fromIsoDay, toIsoDay } from '../lib/format';
import { calendarButtonClassName, type DayCalendarProps } from './day-calendar';

/**
 * The calendar filter: a button showing the day, opening a month view where only days with prices
 * can be picked. Loaded after the page's first paint (day-calendar.tsx); `defaultOpen` when its
 * button was pressed before.
 */
export function DayCalendarPopover({ dates, selected, onSelect, defaultOpen = false }: DayCalendarProps & { defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation('prices');
  const first = dates[0];
  const last = dates.at(-1);
  const initialMonth = () => (selected ? fromIsoDay(selected) : last ? fromIsoDay(last) : undefined);
  const [open, setOpen] = useState(defaultOpen);
  const [month, setMonth] = useState<Date | undefined>(defaultOpen ? initialMonth : undefined);
  const available = useMemo(() => new Set(dates), [dates]);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setMonth(initialMonth());
        setOpen(next);
      }}
    >
      <Popover.Trigger className={calendarButtonClassName}>
        <Icon name="summary" className="size-4" />
        <span className="sr-only">{t('calendar.open')}: </span>
        {selected ? formatDay(selected, 'long') : t('calendar.none')}
        <Icon name="chevronDown" className="size-4" />
      </Popover.Trigger>
      <Popover.Content
        aria-label={t('calendar.title')}
        align="start"
        sideOffset={8}
        collisionPadding={16}
        className="z-30 max-w-[calc(100vw-2rem)] overflow-x-auto rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <p className="px-2 pb-1 text-xs text-slate-500 dark:text-slate-400">{t('calendar.hint')}</p>
        <DayPicker
          mode="single"
          className="[--rdp-accent-background-color:var(--color-amber-100)]! [--rdp-accent-color:var(--color-amber-600)]! dark:[--rdp-accent-background-color:var(--color-amber-900)]! dark:[--rdp-accent-color:var(--color-amber-400)]!"
          required
          locale={i18n.language.startsWith('es') ? es : enUS}
          captionLayout="dropdown"
          month={month}
          onMonthChange={setMonth}
          startMonth={first ? fromIsoDay(first) : undefined}
          endMonth={last ? fromIsoDay(last) : undefined}
          selected={selected ? fromIsoDay(selected) : undefined}
          disabled={(day: Date) => !available.has(toIsoDay(day))}
          onSelect={(day: Date | undefined) => {
            if (!day) return;
            onSelect(toIsoDay(day));
            setOpen(false);
          }}
        />
      </Popover.Content>
    </Popover.Root>
  );
}
