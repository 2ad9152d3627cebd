import {
  newsCategories,
  type CreateNewsArticleBody,
  type NewsArticle,
  type NewsCategory,
  type NewsLanguage,
} from '@fueldesk/contracts';
import { format } from 'date-fns';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { useCreateNewsArticle } from '../api/create-news-article';
import { useUpdateNewsArticle } from '../api/update-news-article';

interface FormState {
  title: string;
  summary: string;
  category: NewsCategory;
  language: NewsLanguage;
  sourceName: string;
  sourceUrl: string;
  imageUrl: string;
  author: string;
  publishedAt: string;
  bodyHtml: string;
  otherTitle: string;
  otherSummary: string;
}

const otherLanguageOf = (language: NewsLanguage): NewsLanguage => (language === 'en' ? 'es' : 'en');

/** ISO → the value a datetime-local input shows (local time, minutes). */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  return format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
}

function initialState(article?: NewsArticle): FormState {
  const language = article?.language ?? 'en';
  const other = article?.translations[otherLanguageOf(language)];
  return {
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    category: article?.category ?? 'market',
    language,
    sourceName: article?.source_name ?? '',
    sourceUrl: article?.source_url ?? '',
    imageUrl: article?.image_url ?? '',
    author: article?.author ?? '',
    publishedAt: toLocalInput(article?.published_at),
    bodyHtml: article?.body_html ?? '',
    otherTitle: other?.title ?? '',
    otherSummary: other?.summary ?? '',
  };
}

function buildBody(state: FormState): CreateNewsArticleBody {
  const other = otherLanguageOf(state.language);
  return {
    title: state.title,
    summary: state.summary,
    category: state.category,
    language: state.language,
    source_name: state.sourceName,
    source_url: state.sourceUrl,
    image_url: state.imageUrl.trim() || null,
    author: state.author.trim() || null,
    published_at: state.publishedAt ? new Date(state.publishedAt).toISOString() : undefined,
    body_html: state.bodyHtml,
    translations: state.otherTitle.trim() ? { [other]: { title: state.otherTitle, summary: state.otherSummary } } : {},
  };
}

interface NewsArticleFormProps {
  open: boolean;
  onClose: () => void;
  /** Present when editing. */
  article?: NewsArticle;
  onSaved?: (article: NewsArticle) => void;
}

/** Administrators write or edit an article; the server validates and sanitizes it. */
export function NewsArticleForm({ open, onClose, article, onSaved }: NewsArticleFormProps) {
  const { t } = useTranslation('news');
  const baseId = useId();
  const [state, setState] = useState<FormState>(() => initialState(article));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateNewsArticle();
  const update = useUpdateNewsArticle();
  const pending = create.isPending || update.isPending;
  const other = otherLanguageOf(state.language);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((current) => ({ ...current, [key]: value }));
  const id = (name: string) => `${baseId}-${name}`;
  const errorFor = (field: string) => fieldErrors[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setFormError(null);
    try {
      const body = buildBody(state);
      const saved = article ? await update.mutateAsync({ id: article.id, body }) : await create.mutateAsync(body);
      toast.success(t('admin.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fields) setFieldErrors(error.fields);
      setFormError(resolveErrorMessage(error));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t(article ? 'admin.editTitle' : 'admin.createTitle')}>
      <form onSubmit={submit} noValidate className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto pr-1">
        {formError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-300">
            {formError}
          </p>
        ) : null}
        <TextField id={id('title')} label={t('admin.fields.title')} error={errorFor('title')} value={state.title} aria-required maxLength={300} onChange={(e) => set('title', e.target.value)} />
        <TextAreaField optional id={id('summary')} label={t('admin.fields.summary')} error={errorFor('summary')} rows={3} maxLength={2000} value={state.summary} onChange={(e) => set('summary', e.target.value)} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            id={id('category')}
            label={t('admin.fields.category')}
            error={errorFor('category')}
            value={state.category}
            options={newsCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
            onChange={(e) => set('category', e.target.value as NewsCategory)}
          />
          <SelectField
            id={id('language')}
            label={t('admin.fields.language')}
            error={errorFor('language')}
            value={state.language}
            options={(['en', 'es'] as const).map((language) => ({ value: language, label: t(`badges.languages.${language}`) }))}
            onChange={(e) => set('language', e.target.value as NewsLanguage)}
          />
        </div>
        <TextField id={id('sourceName')} label={t('admin.fields.sourceName')} error={errorFor('source_name')} value={state.sourceName} aria-required onChange={(e) => set('sourceName', e.target.value)} />
        <TextField id={id('sourceUrl')} type="url" label={t('admin.fields.sourceUrl')} error={errorFor('source_url')} value={state.sourceUrl} aria-required onChange={(e) => set('sourceUrl', e.target.value)} />
        <TextField optional id={id('imageUrl')} type="url" label={t('admin.fields.imageUrl')} error={errorFor('image_url')} value={state.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField optional id={id('author')} label={t('admin.fields.author')} error={errorFor('author')} value={state.author} onChange={(e) => set('author', e.target.value)} />
          <TextField
            optional
            id={id('publishedAt')}
            type="datetime-local"
            label={t('admin.fields.publishedAt')}
            error={errorFor('published_at')}
            value={state.publishedAt}
            onChange={(e) => set('publishedAt', e.target.value)}
          />
        </div>
        <TextAreaField
          optional
          id={id('bodyHtml')}
          controlClass="font-mono"
          label={t('admin.fields.bodyHtml')}
          error={errorFor('body_html')}
          rows={6}
          value={state.bodyHtml}
          onChange={(e) => set('bodyHtml', e.target.value)}
        />
        <TextField
          optional
          id={id('otherTitle')}
          lang={other}
          label={t(other === 'es' ? 'admin.fields.titleEs' : 'admin.fields.titleEn')}
          error={errorFor(`translations.${other}.title`)}
          value={state.otherTitle}
          onChange={(e) => set('otherTitle', e.target.value)}
        />
        <TextAreaField
          optional
          id={id('otherSummary')}
          lang={other}
          rows={2}
          label={t(other === 'es' ? 'admin.fields.summaryEs' : 'admin.fields.summaryEn')}
          error={errorFor(`translations.${other}.summary`)}
          value={state.otherSummary}
          onChange={(e) => set('otherSummary', e.target.value)}
        />
        <div className="sticky bottom-0 flex justify-end gap-2 bg-white pt-2 dark:bg-slate-900">
          <Button variant="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {t('admin.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
