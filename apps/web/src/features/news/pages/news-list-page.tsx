import { NewsListView } from '../components/news-list-view';

export { primeNewsListData } from '../api/news-first-data';

/** /news: every section, filtered by the query string. */
export default function NewsListPage() {
  return <NewsListView />;
}
