import { useSearchParams } from 'react-router';

/** A path of the site with the `?lang=` the page was opened with, if any: the news' links keep the visitor's choice. */
export function useWithLang(): (path: string) => string {
  const [params] = useSearchParams();
  const lang = params.get('lang');
  return (path) => (lang ? `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : path);
}
