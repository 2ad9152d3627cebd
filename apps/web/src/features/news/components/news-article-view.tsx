import { isAdmin, type NewsArticle } from '@fueldesk/contracts';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Icon } from '@/components/ui/icon';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { useDeleteNewsArticle } from '../api/delete-news-article';
import { isNumericNewsId, useNewsArticle } from '../api/get-news-article';
import { formatNewsDate, useNewsLanguage } from '../lib/use-news-language';
import { ArticleBody } from './article-body';
import { CategoryBadge, DemoBadge, LanguageBadge } from './news-badges';
import { NewsArticleForm } from './news-article-form';
import { ShareLinkButton } from './share-link-button';

function useBackTarget(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  // Only an in-app path is followed, never a URL someone put in the history state.
  return typeof from === 'string' && from.startsWith('/news') ? from : '/news';
}

function BackLink() {
  const { t } = useTranslation('news');
  return (
    <Link
      to={useBackTarget()}
      className="focus-ring inline-flex w-fit items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Icon name="arrowLeft" className="size-4" />
      {t('detail.back')}
    </Link>
  );
}

function AdminActions({ article }: { article: NewsArticle }) {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteNewsArticle();
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(article.id);
      toast.success(t('admin.deleted'));
      navigate('/news', { replace: true });
    } catch (error) {
      toast.error(resolveErrorMessage(error));
    }
  };
  return (
    <div className="flex flex-wrap gap-2 border-t border-dashed border-slate-300 pt-4 dark:border-slate-700">
      <Button variant="secondary" onClick={() => setEditing(true)}>
        <Icon name="pencil" className="size-4" />
        {t('admin.edit')}
      </Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Icon name="trash" className="size-4" />
        {t('admin.delete')}
      </Button>
      {editing ? <NewsArticleForm open article={article} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('admin.deleteConfirmTitle')}
        description={t('admin.deleteConfirmBody', { title: article.title })}
        cancelLabel={t('admin.cancel')}
        confirmLabel={t('admin.deleteConfirm')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function ArticleContent({ article }: { article: NewsArticle }) {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const { role, isSuperadmin } = useSession();
  const shareUrl = `${window.location.origin}/news/${article.id}`;
  const bodyInOtherLanguage = article.language !== language;
  return (
    <article className="flex flex-col gap-5" lang={article.display_language}>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2" lang={language}>
          <CategoryBadge category={article.category} />
          {article.display_language !== language ? <LanguageBadge language={article.display_language} /> : null}
          {article.is_demo ? <DemoBadge /> : null}
        </div>
        <h2 className="text-2xl font-semibold leading-tight tracking-tight sm:text-3xl">{article.display_title}</h2>
        <p className="flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400" lang={language}>
          <span>{t('detail.source', { source: article.source_name })}</span>
          {article.author ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{t('detail.by', { author: article.author })}</span>
            </>
          ) : null}
          <span aria-hidden="true">·</span>
          <time dateTime={article.published_at}>{formatNewsDate(article.published_at, language, true)}</time>
        </p>
        {article.display_summary ? <p className="text-lg text-slate-700 dark:text-slate-300">{article.display_summary}</p> : null}
      </header>
      {article.image_url ? (
        <img src={article.image_url} alt="" referrerPolicy="no-referrer" className="max-h-[28rem] w-full rounded-xl object-cover" />
      ) : null}
      {bodyInOtherLanguage && article.body_html ? (
        <p className="text-sm italic text-slate-500 dark:text-slate-400" lang={language}>
          {t('detail.bodyLanguage', { language: t(`detail.languageInSentence.${article.language}`) })}
        </p>
      ) : null}
      <ArticleBody html={article.body_html} lang={article.language} />
      <footer className="flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800" lang={language}>
        {article.is_demo ? (
          <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">{t('detail.demoNotice')}</p>
        ) : (
          <a
            href={article.source_url}
            target="_blank"
            rel="noopener noreferrer"
            className="focus-ring inline-flex w-fit items-center gap-1 font-semibold text-amber-700 underline hover:text-amber-600 dark:text-amber-300"
          >
            {t('detail.readAtSource', { source: article.source_name })}
            <span className="sr-only"> {t('detail.opensOutside')}</span>
          </a>
        )}
        <ShareLinkButton url={shareUrl} title={article.display_title} />
        {isAdmin({ role, is_superadmin: isSuperadmin }) ? <AdminActions article={article} /> : null}
      </footer>
    </article>
  );
}

/** One article by numeric id or slug, with loading, not-found and error states. */
export function NewsArticleView({ idOrSlug, idOnly = false }: { idOrSlug: string; idOnly?: boolean }) {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const valid = idOnly ? isNumericNewsId(idOrSlug) : idOrSlug.length > 0;
  const query = useNewsArticle(idOrSlug, language, valid);
  const notFound = !valid || (query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400));

  let content;
  if (notFound) {
    content = (
      <div className="flex flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">{t('detail.notFoundTitle')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('detail.notFoundBody')}</p>
      </div>
    );
  } else if (query.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 py-12 text-slate-500 dark:text-slate-400">
        <Spinner className="size-5" />
        {t('detail.loading')}
      </p>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title={t('detail.errorTitle')}
        titleAs="h2"
        detail={resolveErrorMessage(query.error)}
        retryLabel={t('list.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    content = <ArticleContent article={query.data} />;
  }

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6">
      <BackLink />
      {content}
    </section>
  );
}
