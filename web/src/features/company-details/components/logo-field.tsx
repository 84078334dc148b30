import { useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pictureLimits } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import type { FailureReason } from '../../../components/admin/command-failure';
import { useFieldError } from '../../../components/admin/form-errors';
import { PictureField } from '../../../components/admin/picture-field';
import { logoFileProblem, logoTypes, megabytes } from '../../../components/admin/picture-check';
import type { CompanyFormValues } from './company-form';

/** The drawing the site ships (web/public/favicon.svg): the logo while none is uploaded. */
const shippedLogo = '/favicon.svg';

/**
 * The company's logo (decision 028): the current one (uploaded, or the shipped drawing) with a
 * preview of a newly chosen file, and a button to go back to the shipped drawing. `saved` is the
 * logo as last saved: a chosen file that turns out unusable leaves it as it was.
 */
export function LogoField({ form, saved }: { form: UseFormReturn<CompanyFormValues>; saved: string }) {
  const { t } = useTranslation('companyDetails');
  const fieldError = useFieldError();
  const [problem, setProblem] = useState<FailureReason>();
  const logo = useWatch({ control: form.control, name: 'logo' });
  const set = (value: string) => form.setValue('logo', value, { shouldDirty: true });
  const removing = logo === '' && saved !== '';
  return (
    <div className="space-y-3 sm:col-span-2">
      <p className="max-w-3xl text-sm text-slate-700">{t('logo.intro')}</p>
      <PictureField
        value={logo.startsWith('data:') ? logo : ''}
        onChange={(value) => set(value || (removing ? '' : saved))}
        currentPicture={logo.startsWith('/media/') ? logo : shippedLogo}
        currentCaption={logo === '' ? t('logo.shipped') : t('logo.keep')}
        required={false}
        problem={problem}
        onProblem={setProblem}
        error={fieldError(form.formState.errors.logo)}
        label={t('logo.field')}
        hint={t('logo.hint', { max: megabytes(pictureLimits.maxBytes) })}
        accept={logoTypes.join(',')}
        check={logoFileProblem}
      />
      <div className="flex flex-wrap items-center gap-3">
        {logo !== '' && (
          <button
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            onClick={() => {
              setProblem(undefined);
              set('');
            }}
          >
            {t('logo.useShipped')}
          </button>
        )}
        {removing && (
          <>
            <p role="status" className="text-sm text-slate-700">
              {t('logo.willUseShipped')}
            </p>
            <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => set(saved)}>
              {t('logo.undo')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
