import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  /** Rendered only while the tab is selected. */
  content: ReactNode;
}

interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  panelClassName?: string;
  /** Called when the tab list is pointed at or focused: a lazy panel's code can be asked for then. */
  onPrefetch?: () => void;
}

/** Tabs on Radix Tabs: arrow keys, Home and End move and select; one panel shown at a time. */
export function Tabs<T extends string>({ label, items, value, onValueChange, panelClassName, onPrefetch }: TabsProps<T>) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onValueChange(next as T)}>
      <RadixTabs.List aria-label={label} onPointerEnter={onPrefetch} onFocus={onPrefetch} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className="focus-ring -mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-500 hover:text-slate-800 data-[state=active]:border-amber-500 data-[state=active]:text-slate-900 dark:text-slate-400 dark:hover:text-slate-200 dark:data-[state=active]:text-white"
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={panelClassName}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
