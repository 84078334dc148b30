import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailureReason } from '../../../components/admin/command-failure';
import { controlClass } from '../../../components/admin/form-field';
import { pictureFileProblem } from '../../../components/admin/picture-check';
import { companyPictureSource } from '../../../lib/company-pictures';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

type PictureChoiceProps = {
  label: string;
  /** A shipped picture's name, a stored picture's address, or a newly chosen one as a data URL. */
  value: string;
  onChange: (value: string) => void;
  /** The inline message of the form (already translated). */
  error: string | undefined;
};

/** A logo or portrait: the current one shown, a file chosen to replace it (checked before it is sent). */
export function PictureChoice({ label, value, onChange, error }: PictureChoiceProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [problem, setProblem] = useState<FailureReason>();
  const source = companyPictureSource(value);
  const message = problem ? t(problem.key as 'validation.imageOnly', problem.values ?? {}) : error;

  async function choose(file: File | undefined) {
    setProblem(undefined);
    if (!file) return;
    const refused = pictureFileProblem(file);
    if (refused) return setProblem(refused);
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      setProblem({ key: 'validation.pictureUnreadable' });
    }
  }

  return (
    <div className="flex items-start gap-3">
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded border border-slate-300 bg-white">
        {source ? <img src={source} alt="" className="max-h-full max-w-full object-contain" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className={`${controlClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-900`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {message && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
