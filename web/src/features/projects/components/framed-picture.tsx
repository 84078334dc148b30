import type { PictureSource, ProjectPicture } from '@blitz/contract';

type Props = {
  picture: ProjectPicture;
  alt: string;
  /** The `sizes` of the layout: how wide the picture shows at each screen width. */
  sizes: string;
  /** Above the fold: loaded at once and first; everything else waits until it nears the screen. */
  priority?: boolean;
  className?: string;
};

const byType = (sources: PictureSource[], type: string) =>
  sources
    .filter((s) => s.type === type)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');

/** The 3:2 frame of cards and the detail page, as every picture shows (decision 034). */
export const frameSize = { width: 1500, height: 1000 } as const;

/**
 * A project's picture in the 3:2 frame: its crop around the focal point, made at upload (AVIF,
 * else WebP, in the width the screen needs). A picture from before crops were made (its point in
 * the centre until staff move it) is covered into the frame around the centre. Width and height are set, so the space is
 * reserved before it loads (no layout shift).
 */
export function FramedPicture({ picture, alt, sizes, priority = false, className = '' }: Props) {
  const sources = picture.frame?.sources ?? picture.sources;
  const width = picture.frame?.width ?? frameSize.width;
  const height = picture.frame?.height ?? frameSize.height;
  const avif = byType(sources, 'image/avif');
  const webp = byType(sources, 'image/webp');
  const fallback = [...sources].filter((s) => s.type === 'image/webp').sort((a, b) => a.width - b.width);
  const src = (fallback.find((s) => s.width >= 960) ?? fallback[fallback.length - 1])?.url ?? picture.url;
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        sizes={sizes}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={`aspect-[3/2] object-cover ${className}`}
      />
    </picture>
  );
}
