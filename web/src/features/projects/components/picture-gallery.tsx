import { useTranslation } from 'react-i18next';
import { type ContentLanguage, type ProjectPicture, pickText } from '@blitz/contract';
import { FramedPicture } from './framed-picture';

type Props = {
  pictures: ProjectPicture[];
  language: ContentLanguage;
  /** The `sizes` of the layout. */
  sizes: string;
  className?: string;
};

/** The anchor of picture `index` (from 0) on the page: `#picture-1`, … */
export const pictureAnchor = (index: number) => `picture-${index + 1}`;

const altOf = (picture: ProjectPicture, language: ContentLanguage) => (picture.decorative ? '' : pickText(picture.alt, language));

/**
 * A project's pictures on its page. Without JavaScript every picture is in the page, side by
 * side in a track that scrolls and snaps one picture at a time (a swipe on a touch screen), with
 * a link to each (`#picture-2`). The page's script (islands/picture-gallery.ts) adds the buttons
 * (shown only then), the arrow keys, and keeps the links and the count in step with the picture
 * in view. Every picture has its alternative text, width and height (no layout shift).
 */
export function PictureGallery({ pictures, language, sizes, className = '' }: Props) {
  const { t } = useTranslation('projects');
  if (pictures.length === 1) {
    return (
      <FramedPicture picture={pictures[0]!} alt={altOf(pictures[0]!, language)} sizes={sizes} priority className={className} />
    );
  }
  const button =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-brand-900 shadow-md ring-1 ring-slate-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-accent-400 disabled:opacity-40';
  return (
    <section
      aria-roledescription={t('gallery.roleDescription')}
      aria-label={t('gallery.label')}
      data-picture-gallery=""
      data-count-text={t('gallery.count', { index: '{index}', count: '{count}' })}
    >
      <div className="relative">
        <ul
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg shadow-md [scrollbar-width:none]"
          data-picture-track=""
          // A scroll area the keyboard reaches too (its arrow keys scroll it without the script).
          tabIndex={0}
        >
          {pictures.map((picture, index) => (
            <li
              key={picture.url}
              id={pictureAnchor(index)}
              className="w-full shrink-0 snap-center snap-always"
              aria-roledescription={t('gallery.slide')}
              aria-label={t('gallery.count', { index: index + 1, count: pictures.length })}
            >
              <FramedPicture
                picture={picture}
                alt={altOf(picture, language)}
                sizes={sizes}
                priority={index === 0}
                className={`h-auto w-full ${className}`}
              />
            </li>
          ))}
        </ul>
        <button type="button" hidden data-picture-previous="" aria-label={t('gallery.previous')} className={`${button} left-2`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </button>
        <button type="button" hidden data-picture-next="" aria-label={t('gallery.next')} className={`${button} right-2`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      </div>
      <p className="sr-only" aria-live="polite" data-picture-status="" />
      <nav aria-label={t('gallery.choose')} className="mt-3">
        <ol className="flex flex-wrap gap-2">
          {pictures.map((picture, index) => (
            <li key={picture.url}>
              <a
                href={`#${pictureAnchor(index)}`}
                aria-current={index === 0 ? 'true' : undefined}
                data-picture-link={index}
                className="inline-flex h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-brand-50 aria-[current=true]:bg-brand-900 aria-[current=true]:text-white"
              >
                <span className="sr-only">{t('gallery.show')} </span>
                {index + 1}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </section>
  );
}
