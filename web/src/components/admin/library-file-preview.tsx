import { type LibraryFile, extensionOf } from '@blitz/contract';
import { thumbnailOf } from './library-files';

/**
 * A file of the library as a small tile: a picture's thumbnail, a document's ending (the title
 * beside it names the file). The files tab's list and the page editor's choices show it.
 */
export function LibraryFilePreview({ file, className = 'h-12 w-16' }: { file: LibraryFile; className?: string }) {
  const thumbnail = thumbnailOf(file);
  if (thumbnail && file.width && file.height)
    return (
      <img
        src={thumbnail.url}
        alt=""
        width={64}
        height={Math.max(1, Math.round((64 * file.height) / file.width))}
        loading="lazy"
        className={`${className} rounded border border-slate-200 object-cover`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${className} flex items-center justify-center rounded border border-slate-300 bg-slate-50 text-xs font-bold tracking-wide text-brand-900`}
    >
      {extensionOf(file.originalName).toUpperCase() || '–'}
    </span>
  );
}
