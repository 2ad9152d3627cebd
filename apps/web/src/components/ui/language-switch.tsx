import { LANGUAGES, type Language } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { changeLanguage, getCurrentLanguage } from '@/lib/i18n';

/** EN / ES toggle; the choice is cached in localStorage by the language detector. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = getCurrentLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={clsx('inline-flex rounded-lg border border-slate-300 p-0.5', className)}>
      {LANGUAGES.map((language: Language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          aria-label={t(`language.names.${language}`)}
          onClick={() => void changeLanguage(language)}
          className={clsx(
            'focus-ring rounded-md px-2 py-1 text-xs font-semibold uppercase',
            language === current ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          {language}
        </button>
      ))}
    </div>
  );
}
