import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { deferredModule, useDeferredModule, useEscapeCancels } from '@/lib/deferred-module';
import { formatDay } from '../lib/format';

// The month view (react-day-picker with date-fns's two locales, Radix Popover and Floating UI:
// ~30 KiB on the wire) is not needed for the price table's first render: it loads after it.
const popover = deferredModule(() => import('./day-calendar-popover'));

export interface DayCalendarProps {
  /** Publication dates with data (YYYY-MM-DD): the only selectable days. */
  dates: string[];
  selected: string | null;
  onSelect: (date: string) => void;
}

export const calendarButtonClassName =
  'focus-ring inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium dark:border-slate-600 dark:bg-slate-800';

/** The calendar filter; until its month view has loaded, a button of the same look that loads and opens it. */
export function DayCalendar(props: DayCalendarProps) {
  const { t } = useTranslation('prices');
  const { value: loaded, request } = useDeferredModule(popover);
  const [openFirst, setOpenFirst] = useState(false);
  const cancelOpen = useCallback(() => setOpenFirst(false), []);
  useEscapeCancels(openFirst && !loaded, cancelOpen);
  if (loaded) return <loaded.DayCalendarPopover {...props} defaultOpen={openFirst} />;
  const open = () => {
    setOpenFirst(true);
    request();
  };
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={request}
      onFocus={request}
      onPointerDown={(event) => event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey && open()}
      onClick={open}
      className={calendarButtonClassName}
    >
      <Icon name="summary" className="size-4" />
      <span className="sr-only">{t('calendar.open')}: </span>
      {props.selected ? formatDay(props.selected, 'long') : t('calendar.none')}
      <Icon name="chevronDown" className="size-4" />
    </button>
  );
}
