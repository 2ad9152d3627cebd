import { useMemo } from 'react';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html';

/** An article body: sanitized again in the browser (DOMPurify) before it is inserted. */
export function ArticleBody({ html, lang }: { html: string; lang: string }) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  if (!clean.trim()) return null;
  return (
    <div
      lang={lang}
      data-testid="article-body"
      className="news-body flex flex-col gap-4 text-base leading-relaxed text-slate-800 dark:text-slate-200 [&_a]:font-medium [&_a]:text-amber-700 [&_a]:underline dark:[&_a]:text-amber-300 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6 dark:[&_td]:border-slate-700 dark:[&_th]:border-slate-700"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
