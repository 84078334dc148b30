import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/admin/form-field';

/** "Current password", asked again before a change to how the user signs in; first in its form, so focused. */
export function CurrentPasswordField(
  props: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete' | 'required'>,
) {
  const { t } = useTranslation('admin');
  return (
    <TextField data-autofocus type="password" autoComplete="current-password" label={t('password.current')} required {...props} />
  );
}
