import { type CustomPageFile, type NewsPostSummary, type SiteLanguage, newsPostDate, newsPostPath } from '@blitz/contract';
import { LibraryPicture, focusClass } from '../../../components/library-picture';
import { newsDateText } from '../../../lib/news';

/** How wide a card's cover shows: one column on a phone, two from 640 px, three from 1024 px (as the gallery's cards). */
const cardSizes =
  '(min-width: 1280px) 400px, (min-width: 1024px) calc(33.3vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)';

type Props = {
  post: NewsPostSummary;
  /** The cover's file, as the list's read gives it (none: a card without a picture). */
  cover: CustomPageFile | undefined;
  lang: SiteLanguage;
  withLang: (path: string) => string;
  /** The title's level: h2 on the news page, h3 under the home page's heading. */
  heading: 'h2' | 'h3';
  /** The first cards of the news page: their covers are its largest paint. */
  priority?: boolean;
};

/** A post in a list: its cover, the date shown, its title (the link to it) and its teaser. */
export function NewsCard({ post, cover, lang, withLang, heading: Heading, priority = false }: Props) {
  const date = newsPostDate(post);
  const teaser = post.teaser[lang];
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-md ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-accent-400 hover:shadow-lg">
      {cover && post.cover ? (
        <LibraryPicture
          file={cover}
          alt={post.cover.alt[lang] || cover.alt?.[lang] || ''}
          sizes={cardSizes}
          priority={priority}
          className={`aspect-[3/2] h-auto w-full object-cover ${focusClass(post.cover.focus)}`}
        />
      ) : (
        // Without a cover the card keeps its shape: the site's bolt on its colour, nothing to read.
        <div className="flex aspect-[3/2] items-center justify-center bg-brand-900" aria-hidden="true">
          <svg className="h-20 w-20 text-white/10" viewBox="0 0 24 24" fill="currentColor" focusable="false">
            <path d="M13 2L4.5 13.5H11L10 22l8.5-11.5H12z" />
          </svg>
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {date && (
          <p className="text-sm font-medium text-brand-700">
            <time dateTime={date}>{newsDateText(date, lang)}</time>
          </p>
        )}
        <Heading className="text-lg leading-snug font-semibold text-brand-900">
          {/* The whole card is the link's target area; the title is its name. */}
          <a href={withLang(newsPostPath(post.address, 'de'))} className="after:absolute after:inset-0 focus:outline-none">
            {post.title[lang]}
          </a>
        </Heading>
        {teaser && <p className="line-clamp-4 leading-relaxed text-slate-700">{teaser}</p>}
      </div>
    </article>
  );
}
