import type { ReactNode } from 'react';
import { DemoBadge } from './demo-badge';

interface PricePageHeaderProps {
  title: ReactNode;
  /** Marks demo data next to the title. */
  isDemo?: boolean;
  intro: ReactNode;
  /** Links or buttons on the right (below the title on a phone). */
  actions?: ReactNode;
}

/** The heading, demo badge, introduction and actions every price page opens with. */
export function PricePageHeader({ title, isDemo, intro, actions }: PricePageHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight sm:text-2xl">
          {title}
          {isDemo ? <DemoBadge /> : null}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      </div>
      {actions}
    </div>
  );
}
