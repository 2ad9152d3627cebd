import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Last-resort screen when a route throws or its code chunk fails to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">{notFound ? t('notFound.title') : t('routeError.title')}</h1>
      <p className="text-slate-600">{notFound ? t('notFound.body') : t('routeError.body')}</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <a href="/" className="focus-ring rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
          {t('notFound.home')}
        </a>
      </div>
    </main>
  );
}
