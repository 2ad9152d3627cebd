import { NewsListView } from '../components/news-list-view';

/** /news: every section, filtered by the query string. */
export default function NewsListPage() {
  return <NewsListView />;
}
