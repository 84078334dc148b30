import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayNameMaxLength } from '@blitz/contract';
import { primaryButton, secondaryButton } from './button-classes';
import { CommandError } from './command-error';
import { TextField } from './form-field';

type DisplayNameFormProps = {
  /** The sign-in name, which stays as it is. */
  username: string;
  initial: string | null;
  /** Saves the name (null: none); rejects on failure. */
  save: (displayName: string | null) => Promise<unknown>;
  onDone: () => void;
};

/**
 * An account's display name (issue 40): the user's own from the header, anyone's from the
 * accounts list. Empty takes it away, and the sign-in name is shown again.
 */
export function DisplayNameForm({ username, initial, save, onDone }: DisplayNameFormProps) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(initial ?? '');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(undefined);
    save(name.trim() || null).then(onDone, (error: unknown) => {
      setFailure(error);
      setPending(false);
    });
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 p-4 sm:p-6">
      <TextField
        label={t('displayName.label')}
        hint={t('displayName.hint', { username })}
        autoComplete="name"
        maxLength={displayNameMaxLength}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {failure ? <CommandError error={failure} /> : null}
      <div className="flex gap-3">
        <button type="submit" className={primaryButton} disabled={pending}>
          {t('actions.save')}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
