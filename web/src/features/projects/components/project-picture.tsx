import type { Project } from '@blitz/contract';

type Props = {
  project: Pick<Project, 'picture' | 'pictureSources' | 'pictureWidth' | 'pictureHeight'>;
  alt: string;
  /** The `sizes` of the layout: how wide the picture shows at each screen width. */
  sizes: string;
  /** Above the fold: loaded at once and first; everything else waits until it nears the screen. */
  priority?: boolean;
  className?: string;
};

const byType = (sources: Project['pictureSources'], type: string) =>
  sources
    .filter((s) => s.type === type)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');

/**
 * A project's picture: AVIF, else WebP, in the width the screen needs. Width and height are
 * set, so the space is reserved before it loads (no layout shift).
 */
export function ProjectPicture({ project, alt, sizes, priority = false, className = '' }: Props) {
  const width = project.pictureWidth ?? 1600;
  const height = project.pictureHeight ?? 1067;
  if (!project.picture) {
    return (
      <div
        className={`bg-gradient-to-br from-brand-100 to-brand-200 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      />
    );
  }
  const avif = byType(project.pictureSources, 'image/avif');
  const webp = byType(project.pictureSources, 'image/webp');
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        src={project.picture}
        alt={alt}
        width={width}
        height={height}
        sizes={sizes}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
