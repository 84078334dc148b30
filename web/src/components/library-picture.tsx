import type { CustomPageFile } from '@blitz/contract';

type Props = {
  file: CustomPageFile;
  alt: string;
  /** The `sizes` of the layout: how wide the picture shows at each screen width. */
  sizes: string;
  /** Above the fold: loaded at once and first; everything else waits until it nears the screen. */
  priority?: boolean;
  className?: string;
};

const srcSetOf = (file: CustomPageFile, type: string) =>
  file.sources
    .filter((source) => source.type === type)
    .sort((a, b) => a.width - b.width)
    .map((source) => `${source.url} ${source.width}w`)
    .join(', ');

/**
 * A picture of the library (decision 060) on a page staff added or a news post: AVIF, else WebP,
 * in the width the screen needs, its address (WebP) as the fallback. Width and height reserve its
 * space before it loads. `sizes` is the sources' alone: the fallback has no `srcset` to pick from.
 */
export function LibraryPicture({ file, alt, sizes, priority = false, className = '' }: Props) {
  const avif = srcSetOf(file, 'image/avif');
  const webp = srcSetOf(file, 'image/webp');
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        src={file.address}
        alt={alt}
        width={file.width ?? 1600}
        height={file.height ?? 1067}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/**
 * Where a picture cut to a shape keeps its focal point: the nearest of nine positions (Tailwind's
 * own classes; the pages' CSP allows no style attribute).
 */
export function focusClass(focus: { x: number; y: number } | undefined): string {
  if (!focus) return 'object-center';
  const third = (value: number) => (value < 100 / 3 ? 0 : value > 200 / 3 ? 2 : 1);
  const classes = [
    ['object-left-top', 'object-top', 'object-right-top'],
    ['object-left', 'object-center', 'object-right'],
    ['object-left-bottom', 'object-bottom', 'object-right-bottom'],
  ];
  return classes[third(focus.y)]![third(focus.x)]!;
}
