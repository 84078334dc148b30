import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButton, primaryButton } from '../../../components/admin/button-classes';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { notify } from '../../../lib/notify';
import { useDisableSecondFactor, useSecondFactorStatus } from '../api/second-factor';
import { CurrentPasswordField } from './current-password-field';
import { SecondFactorCodeField } from './second-factor-code-field';
import { ListStatus } from '../../../components/admin/list-status';
import { ModalForm } from '../../../components/admin/modal-form';
import { useSecondFactorForm } from '../hooks/use-second-factor-form';
import { disableSchema } from './second-factor-form';
import { SecondFactorSetupModal } from './second-factor-setup';

/**
 * Two-step sign-in (ASVS 6.3.3): whether it is on, how many recovery codes are left, and the
 * buttons to set it up or turn it off.
 */
export function SecondFactorPanel({ onSetupFinished }: { onSetupFinished?: () => void }) {
  const { t } = useTranslation('admin');
  const status = useSecondFactorStatus();
  const [dialog, setDialog] = useState<'setup' | 'disable'>();
  const close = () => setDialog(undefined);

  return (
    <section aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading" className="text-2xl font-bold text-brand-900">
        {t('secondFactor.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t('secondFactor.intro')}</p>
      <div className="mt-4 rounded-lg border border-slate-200 bg-white px-4 py-4 shadow-sm">
        {status.data ? (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="text-sm">
              <p className="font-semibold text-slate-900">
                {t(status.data.enabled ? 'secondFactor.statusOn' : 'secondFactor.statusOff')}
              </p>
              {status.data.enabled && (
                <p className="text-slate-700">{t('secondFactor.codesLeft', { count: status.data.recoveryCodesLeft })}</p>
              )}
              {status.data.enabled && status.data.recoveryCodesLeft <= 3 && (
                <p className="font-medium text-red-800">{t('secondFactor.codesLow')}</p>
              )}
            </div>
            {status.data.enabled ? (
              <button type="button" className={dangerButton} onClick={() => setDialog('disable')}>
                {t('secondFactor.disable.open')}
              </button>
            ) : (
              <button type="button" className={primaryButton} onClick={() => setDialog('setup')}>
                {t('secondFactor.setup.open')}
              </button>
            )}
          </div>
        ) : (
          <p className="py-4 text-center text-slate-700">
            <ListStatus query={status} />
          </p>
        )}
      </div>
      <SecondFactorSetupModal open={dialog === 'setup'} onClose={close} onFinished={onSetupFinished} />
      <ModalDialog open={dialog === 'disable'} onClose={close} size="narrow" title={t('secondFactor.disable.title')}>
        {dialog === 'disable' && <DisableForm required={status.data?.required ?? false} onDone={close} />}
      </ModalDialog>
    </section>
  );
}

/** Turning it off: the password and a code, as at sign-in. */
function DisableForm({ required, onDone }: { required: boolean; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const disable = useDisableSecondFactor();
  const form = useSecondFactorForm(disableSchema, { password: '', code: '' }, disable, {
    success: () => {
      notify(t('secondFactor.disable.done'));
      onDone();
    },
    conflict: () => {
      notify(t('secondFactor.errors.changedElsewhere'), { error: true });
      onDone();
    },
  });
  return (
    <ModalForm
      onSubmit={form.onSubmit}
      onCancel={onDone}
      saving={disable.isPending}
      error={form.unexplained}
      submitLabel={{ idle: t('secondFactor.disable.submit'), busy: t('secondFactor.setup.working') }}
    >
      <p className="text-sm text-slate-700">{t('secondFactor.disable.intro')}</p>
      {required && <p className="text-sm font-medium text-slate-800">{t('secondFactor.disable.required')}</p>}
      <CurrentPasswordField error={form.fieldError('password')} {...form.register('password')} />
      <SecondFactorCodeField error={form.fieldError('code')} {...form.register('code')} />
    </ModalForm>
  );
}
