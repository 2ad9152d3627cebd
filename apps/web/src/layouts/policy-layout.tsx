import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { policyDocuments } from '@/lib/policy-documents';

/** /Policy: the list of legal documents beside the open one. */
export default function PolicyLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onIndex = /^\/policy\/?$/i.test(pathname);

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[16rem_1fr]">
      <nav aria-label={t('policy.navLabel')} className="md:sticky md:top-6 md:self-start">
        <p className="mb-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">{t('policy.heading')}</p>
        <ul className="flex flex-col gap-1">
          {policyDocuments.map((doc) => (
            <li key={doc.id}>
              <NavLink
                to={`/Policy/${doc.path}`}
                className={({ isActive }) =>
                  clsx(
                    'focus-ring block rounded-md px-3 py-2 text-sm',
                    isActive || (onIndex && doc.id === 'privacy')
                      ? 'bg-amber-50 font-semibold text-amber-800'
                      : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                {t(`policy.docs.${doc.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
