import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '@blitz/contract';
import { metaKeyOf } from '../config/paths';

/** Keeps <html lang>, the document title and the meta description in step with page and language. */
export function usePageMeta(page: PageKey, override?: { title?: string; description?: string }): void {
  const { t, i18n } = useTranslation('common');
  const key = metaKeyOf[page];
  const title = override?.title ?? t(`meta.${key}.title`);
  const description = override?.description ?? t(`meta.${key}.description`);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, i18n.language]);
}
