import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { pictureLimits } from '@blitz/contract';
import type { FailureReason } from './command-failure';
import { FileField } from './form-field';
import { megabytes, pictureFileProblem, picturePixelsProblem } from './picture-check';

type PictureFieldProps = {
  /** The newly chosen picture as a data URL ('' = none chosen). */
  value: string;
  onChange: (dataUrl: string) => void;
  /** The project's current picture on Edit: shown, and kept unless a new one is chosen. */
  currentPicture: string | undefined;
  required: boolean;
  /** What is wrong with the chosen file (set here) … */
  problem: FailureReason | undefined;
  onProblem: (problem: FailureReason | undefined) => void;
  /** … or with the form's value (required and missing). */
  error: string | undefined;
  /** The field's own label, hint, accepted types and check of a chosen file (a project's picture's by default). */
  label?: string;
  hint?: string;
  accept?: string;
  check?: (file: { type: string; size: number }) => FailureReason | undefined;
  /** The caption under the current picture (by default: it stays unless another is chosen). */
  currentCaption?: string;
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

async function pixelSize(dataUrl: string): Promise<{ width: number; height: number }> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight };
}

/** Picture: image files only, checked against the server's limits, previewed, sent as a data URL. */
export function PictureField({
  value,
  onChange,
  currentPicture,
  required,
  problem,
  onProblem,
  error,
  label,
  hint,
  accept = 'image/*',
  check = pictureFileProblem,
  currentCaption,
}: PictureFieldProps) {
  const { t } = useTranslation('admin');
  const previewId = useId();

  async function choose(file: File | undefined) {
    onProblem(undefined);
    onChange('');
    if (!file) return;
    const fileProblem = check(file);
    if (fileProblem) return onProblem(fileProblem);
    try {
      const dataUrl = await readAsDataUrl(file);
      const { width, height } = await pixelSize(dataUrl);
      const pixelsProblem = picturePixelsProblem(width, height);
      if (pixelsProblem) return onProblem(pixelsProblem);
      onChange(dataUrl);
    } catch {
      onProblem({ key: 'validation.pictureUnreadable' });
    }
  }

  const preview = value || currentPicture;
  return (
    <div className="space-y-3">
      <FileField
        label={label ?? t('pictureField.picture')}
        required={required}
        accept={accept}
        hint={hint ?? t('pictureField.pictureHint', { max: megabytes(pictureLimits.maxBytes) })}
        error={problem ? t(problem.key as 'validation.imageOnly', problem.values ?? {}) : error}
        aria-controls={previewId}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div id={previewId} aria-live="polite">
        {preview && (
          <figure className="inline-block rounded-md border border-slate-200 bg-slate-50 p-2">
            <img
              src={preview}
              alt={value ? t('pictureField.preview') : t('pictureField.currentPicture')}
              className="max-h-48 w-auto max-w-full rounded object-contain"
            />
            <figcaption className="mt-1 text-xs text-slate-600">
              {value ? t('pictureField.preview') : (currentCaption ?? t('pictureField.keepPicture'))}
            </figcaption>
          </figure>
        )}
      </div>
    </div>
  );
}
