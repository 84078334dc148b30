import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/admin/form-field';

/** "Code": six digits from the authenticator app or a recovery code (letters), as at sign-in. */
export function SecondFactorCodeField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'hint' | 'required'>) {
  const { t } = useTranslation('admin');
  return (
    <TextField
      label={t('secondFactor.code')}
      hint={t('login.codeHint')}
      required
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      {...props}
    />
  );
}
