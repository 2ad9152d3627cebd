import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

interface NotBuiltPageProps {
  /** i18n key (namespace common) of the page title. */
  titleKey: string;
  /** Public pages have no header title, so their heading is the page's h1. */
  headingLevel?: 1 | 2;
}

/** Honest placeholder for a page whose feature has not been built yet. */
export function NotBuiltPage({ titleKey, headingLevel = 2 }: NotBuiltPageProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-16 text-center">
      <span className="rounded-full bg-amber-100 p-3 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">
        <Icon name="releases" className="size-6" />
      </span>
      <Heading className="text-2xl font-semibold tracking-tight">{t(titleKey)}</Heading>
      <p className="text-slate-600 dark:text-slate-300">{t('notBuilt.body')}</p>
    </section>
  );
}
