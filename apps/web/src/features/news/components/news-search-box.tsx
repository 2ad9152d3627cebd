import { NEWS_SEARCH_MAX } from '@fueldesk/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/controls';

const SEARCH_DEBOUNCE_MS = 400;

interface NewsSearchBoxProps {
  value: string;
  onSearch: (query: string) => void;
}

/** Searches as the user types (after a short pause) and at once on Enter. */
export function NewsSearchBox({ value, onSearch }: NewsSearchBoxProps) {
  const { t } = useTranslation('news');
  const id = useId();
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // The address bar wins when it changes from outside (back button, a chip that clears the search).
  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const schedule = (next: string) => {
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next.trim() !== value) onSearchRef.current(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (timer.current) clearTimeout(timer.current);
    onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={submit} className="flex w-full gap-2 sm:max-w-md">
      <label htmlFor={id} className="sr-only">
        {t('list.searchLabel')}
      </label>
      <div className="relative flex-1">
        <Input
          id={id}
          type="search"
          value={draft}
          maxLength={NEWS_SEARCH_MAX}
          placeholder={t('list.searchPlaceholder')}
          onChange={(event) => schedule(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
      </div>
      <button
        type="submit"
        aria-label={t('list.searchButton')}
        className="focus-ring inline-flex items-center justify-center rounded-lg bg-amber-500 px-3 py-2 text-slate-950 hover:bg-amber-400"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} aria-hidden="true" className="size-5">
          <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
