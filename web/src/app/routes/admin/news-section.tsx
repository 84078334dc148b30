import { useCategories } from '../../../features/category-editing/api/categories';
import { NewsPanel } from '../../../features/news-editing/components/news-panel';

/** The news' area, with the categories a list of references in a post can show. */
export function NewsSection() {
  const categories = useCategories();
  return <NewsPanel categories={categories.data?.data ?? []} />;
}
