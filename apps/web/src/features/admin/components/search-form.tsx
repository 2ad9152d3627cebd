import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { controlClassName } from './styles';
import { Input } from '@/components/ui/controls';

interface SearchFormProps {
  label: string;
  submitLabel: string;
  /** Called with the trimmed text when the form is submitted. */
  onSearch: (q: string) => void;
  /** More filters, shown between the text box and the button. */
  children?: ReactNode;
}

/** The search box above an admin list. */
export function SearchForm({ label, submitLabel, onSearch, children }: SearchFormProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(search.trim());
      }}
    >
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <Input id={id} type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={`mt-1 ${controlClassName}`} />
      </div>
      {children}
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </form>
  );
}
