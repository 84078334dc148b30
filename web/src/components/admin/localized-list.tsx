import { useTranslation } from 'react-i18next';
import { ContentLanguage, type LocalizedText } from '@blitz/contract';

const order = [ContentLanguage.English, ContentLanguage.German] as const;
const codeOf = { [ContentLanguage.English]: 'en', [ContentLanguage.German]: 'de' } as const;

/** A text in each language, tagged EN / DE, so that a missing translation is easy to spot. */
export function LocalizedList({ texts }: { texts: readonly LocalizedText[] }) {
  const { t } = useTranslation(['admin', 'common']);
  // SPEC.md §8: a category without any translation shows 'Failed to load name'.
  if (!texts.some((x) => x.content)) return <span className="text-slate-500 italic">{t('common:failedToLoadName')}</span>;
  return (
    <ul className="space-y-0.5">
      {order.map((language) => {
        const text = texts.find((x) => x.language === language)?.content;
        if (!text) return null;
        const code = codeOf[language];
        return (
          <li key={language} lang={code}>
            <abbr title={t(`languages.${code}Name`)} className="mr-1.5 text-xs font-semibold text-slate-500 no-underline">
              {t(`languages.${code}`)}
            </abbr>
            {text}
          </li>
        );
      })}
    </ul>
  );
}
