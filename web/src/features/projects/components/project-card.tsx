import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Project, contentLanguageOf, pickText, projectPath } from '@blitz/contract';
import { IconMapPin } from '../../../components/icons';
import { categoryName } from './category-name';
import { FramedPicture } from './framed-picture';
import { ProjectPicture } from './project-picture';

/** How wide a card's picture shows: one column on a phone, two from 640 px, three from 1024 px. */
export const cardSizes =
  '(min-width: 1280px) 400px, (min-width: 1024px) calc(33.3vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)';

const pictureClass = 'aspect-[3/2] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]';

/** A line of text still loading: the shape of the text, no text. */
export function Placeholder({ className = 'w-2/3' }: { className?: string }) {
  return <span className={`inline-block animate-pulse rounded bg-slate-200 text-transparent ${className}`}>&nbsp;</span>;
}

/**
 * A project in the gallery: picture, category, title (the link to its page) and location.
 * Without a project it is the card's loading state, built of the same elements: the page that is
 * prerendered without data then carries the styles of the cards the server renders into it.
 */
export function ProjectCard({
  project,
  priority = false,
  heading: Heading = 'h2',
}: {
  project?: Project;
  priority?: boolean;
  /** The title's level: h2 in the gallery, h3 under a section's heading (the home page). */
  heading?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation('projects');
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  // The location in the visitor's language (decision 033), the other's when it has none.
  const location = project && (pickText(project.locationTranslations ?? [], language) || project.location);
  const title = project && (pickText(project.title, language) || location);
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-md ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-accent-400 hover:shadow-lg"
      aria-hidden={project ? undefined : true}
    >
      {project?.pictures[0] ? (
        <FramedPicture
          picture={project.pictures[0]}
          alt={project.pictures[0].decorative ? '' : pickText(project.pictures[0].alt, language)}
          sizes={cardSizes}
          priority={priority}
          className={pictureClass}
        />
      ) : project ? (
        <ProjectPicture project={project} alt="" sizes={cardSizes} priority={priority} className={pictureClass} />
      ) : (
        <div className={`${pictureClass} animate-pulse bg-slate-200`} />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {(!project || project.category) && (
          <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">
            {project?.category ? categoryName(project.category, language) : <Placeholder className="w-1/3" />}
          </p>
        )}
        <Heading className="text-lg leading-snug font-semibold text-brand-900">
          {/* The whole card is the link's target area; the title is its name. */}
          {project ? (
            <Link to={projectPath(project.id)} className="after:absolute after:inset-0 focus:outline-none">
              {title}
            </Link>
          ) : (
            <Placeholder className="w-4/5" />
          )}
        </Heading>
        {(!project || location) && (
          <p className="mt-auto flex items-center gap-1.5 pt-1 text-sm text-slate-600">
            <IconMapPin className="h-4 w-4 shrink-0 text-brand-500" />
            <span className="sr-only">{t('card.location')}: </span>
            {project ? location : <Placeholder className="w-1/2" />}
          </p>
        )}
      </div>
    </article>
  );
}
