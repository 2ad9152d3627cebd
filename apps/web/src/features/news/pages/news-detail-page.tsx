import { isNewsCategory } from '@fueldesk/contracts';
import { useLocation, useParams } from 'react-router';
import { NewsArticleView } from '../components/news-article-view';
import { NewsListView } from '../components/news-list-view';

/**
 * /news/{id}, /news/{slug} and /news/id/{id}. A custom News sub-item routes to /news/<section>
 * (oil, market, regulation): that path is the list filtered by the section, not an article.
 */
export default function NewsDetailPage() {
  const { newsId = '' } = useParams();
  const { pathname } = useLocation();
  const idOnly = pathname.startsWith('/news/id/');
  if (!idOnly && isNewsCategory(newsId)) return <NewsListView key={newsId} fixedCategory={newsId} />;
  return <NewsArticleView key={newsId} idOrSlug={newsId} idOnly={idOnly} />;
}
