import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorSetup } from '@blitz/contract';
import { company } from '@blitz/contract';
import { primaryButton, secondaryButton } from '../../../components/admin/button-classes';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { notify } from '../../../lib/notify';
import { useConfirmSecondFactorSetup, useReloadAfterSetup, useStartSecondFactorSetup } from '../api/second-factor';
import { CurrentPasswordField } from './current-password-field';
import { TextField } from '../../../components/admin/form-field';
import { ModalForm } from '../../../components/admin/modal-form';
import { useSecondFactorForm } from '../hooks/use-second-factor-form';
import { groupSecret, setupCodeSchema, setupPasswordSchema } from './second-factor-form';

type Step = { name: 'password' } | { name: 'scan'; setup: SecondFactorSetup } | { name: 'codes'; recoveryCodes: string[] };

/**
 * Setting up the authenticator app, in three steps: the password again; the QR code (or the key
 * to type in) and a code from the app to prove it works; then the recovery codes, shown once.
 */
export function SecondFactorSetupModal({
  open,
  onClose,
  onFinished,
}: {
  open: boolean;
  onClose: () => void;
  /** After the recovery codes were shown and the user closed them. */
  onFinished?: (() => void) | undefined;
}) {
  const { t } = useTranslation('admin');
  const [step, setStep] = useState<Step>({ name: 'password' });
  const reload = useReloadAfterSetup();
  const close = () => {
    if (step.name === 'codes') {
      void reload();
      onFinished?.();
    }
    setStep({ name: 'password' });
    onClose();
  };
  // A change made in another tab meanwhile: the panel behind shows the state as it is now.
  const changedElsewhere = () => {
    notify(t('secondFactor.errors.changedElsewhere'), { error: true });
    close();
  };
  return (
    // The recovery codes close only with "I have saved the codes": they cannot be shown again.
    <ModalDialog
      open={open}
      onClose={close}
      size="narrow"
      title={t('secondFactor.setup.title')}
      dismissible={step.name !== 'codes'}
    >
      {open && step.name === 'password' && (
        <PasswordStep onDone={(setup) => setStep({ name: 'scan', setup })} onCancel={close} onConflict={changedElsewhere} />
      )}
      {open && step.name === 'scan' && (
        <ScanStep
          setup={step.setup}
          onDone={(recoveryCodes) => setStep({ name: 'codes', recoveryCodes })}
          onCancel={close}
          onConflict={changedElsewhere}
        />
      )}
      {open && step.name === 'codes' && <RecoveryCodes codes={step.recoveryCodes} onDone={close} />}
    </ModalDialog>
  );
}

type StepProps<Result> = { onDone: (result: Result) => void; onCancel: () => void; onConflict: () => void };

function PasswordStep({ onDone, onCancel, onConflict }: StepProps<SecondFactorSetup>) {
  const { t } = useTranslation('admin');
  const start = useStartSecondFactorSetup();
  const form = useSecondFactorForm(setupPasswordSchema, { password: '' }, start, { success: onDone, conflict: onConflict });
  return (
    <ModalForm
      onSubmit={form.onSubmit}
      onCancel={onCancel}
      saving={start.isPending}
      error={form.unexplained}
      submitLabel={{ idle: t('secondFactor.setup.next'), busy: t('secondFactor.setup.working') }}
    >
      <p className="text-sm text-slate-700">{t('secondFactor.setup.passwordIntro')}</p>
      <CurrentPasswordField error={form.fieldError('password')} {...form.register('password')} />
    </ModalForm>
  );
}

function ScanStep({ setup, onDone, onCancel, onConflict }: StepProps<string[]> & { setup: SecondFactorSetup }) {
  const { t } = useTranslation('admin');
  const confirm = useConfirmSecondFactorSetup();
  const form = useSecondFactorForm(setupCodeSchema, { code: '' }, confirm, { success: onDone, conflict: onConflict });
  // The dialog focused the password field of step one; this step starts in its own field.
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  return (
    <ModalForm
      onSubmit={form.onSubmit}
      onCancel={onCancel}
      saving={confirm.isPending}
      error={form.unexplained}
      submitLabel={{ idle: t('secondFactor.setup.confirm'), busy: t('secondFactor.setup.working') }}
    >
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>{t('secondFactor.setup.scan')}</li>
        <li>{t('secondFactor.setup.enterCode')}</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <QRCodeSVG
          value={setup.uri}
          size={176}
          marginSize={2}
          title={t('secondFactor.setup.qrTitle', { companyName: company.name })}
          className="shrink-0 rounded border border-slate-200"
        />
        <div className="min-w-0 text-sm text-slate-700">
          <p>{t('secondFactor.setup.manual')}</p>
          <p className="mt-2 font-mono text-base font-semibold break-words text-slate-900" data-testid="totp-secret">
            {groupSecret(setup.secret)}
          </p>
        </div>
      </div>
      <TextField
        data-autofocus
        label={t('secondFactor.code')}
        hint={t('secondFactor.setup.codeHint')}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={form.fieldError('code')}
        {...form.register('code')}
      />
    </ModalForm>
  );
}

/** The recovery codes, this once: to download or copy, and a plain word on what they are for. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const announcement = useRef<HTMLParagraphElement>(null);
  // Focus on the news, so that a screen reader reads it and Tab goes on to the codes.
  useEffect(() => announcement.current?.focus(), []);
  const text = `${t('secondFactor.codes.fileHeading', { companyName: company.name })}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = t('secondFactor.codes.fileName');
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => notify(t('secondFactor.codes.copied')),
      () => notify(t('secondFactor.codes.copyFailed'), { error: true }),
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
        <p
          ref={announcement}
          tabIndex={-1}
          className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 focus:outline-none"
        >
          {t('secondFactor.codes.enabled')}
        </p>
        <p className="text-sm text-slate-700">{t('secondFactor.codes.intro')}</p>
        <ul
          aria-label={t('secondFactor.codes.heading')}
          className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 font-mono text-sm text-slate-900 sm:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} onClick={download}>
            {t('secondFactor.codes.download')}
          </button>
          <button type="button" className={secondaryButton} onClick={() => void copy()}>
            {t('secondFactor.codes.copy')}
          </button>
        </div>
      </div>
      <div className="flex justify-end border-t border-slate-200 bg-slate-50 px-5 py-3">
        <button type="button" className={primaryButton} onClick={onDone}>
          {t('secondFactor.codes.done')}
        </button>
      </div>
    </div>
  );
}
