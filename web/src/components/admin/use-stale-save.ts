import { useState } from 'react';
import { isEditConflict } from './edit-conflict';

/** What the hook needs of a save's mutation (TanStack Query's `useMutation` result). */
type Save = { error: unknown; isPending: boolean; reset: () => void };

/**
 * A form's recovery from a stale save (decision 036), one for every form of the dashboard: the
 * save refused because someone else saved the item meanwhile (409 edit_conflict) keeps what was
 * typed and offers two ways on. "Load their version" runs `loadTheirs`, which fetches the saved
 * item, puts it into the form and returns what to keep visible of the user's input (`typed`);
 * once it is in, the refusal is cleared. A failed load (the item deleted meanwhile, the server
 * unreachable) leaves the notice and the form as they were. "Save mine anyway" runs `overwrite`.
 *
 * `loadTheirs` is undefined when there is nothing to load (a new item, which no one else can have
 * saved). `none`: `typed` before anything was loaded.
 */
export function useStaleSave<Typed>({
  save,
  none,
  loadTheirs,
  overwrite,
}: {
  save: Save;
  none: Typed;
  loadTheirs: (() => Promise<Typed>) | undefined;
  overwrite: () => void;
}) {
  const [typed, setTyped] = useState(none);
  const [loading, setLoading] = useState(false);
  const onLoadTheirs = async () => {
    if (!loadTheirs) return;
    setLoading(true);
    try {
      setTyped(await loadTheirs());
      save.reset();
    } catch {
      // Deleted meanwhile, or the server unreachable: the notice stays, and so does what was typed.
    } finally {
      setLoading(false);
    }
  };
  return {
    /** Whether the last save was refused as stale: the form shows `conflictProps` instead of the plain error. */
    conflict: isEditConflict(save.error),
    /** What the user typed, kept visible after their version was loaded. */
    typed,
    setTyped,
    /** The props of `<EditConflict>`. */
    conflictProps: {
      error: save.error,
      busy: loading || save.isPending,
      onLoadTheirs: () => void onLoadTheirs(),
      onOverwrite: overwrite,
    },
  };
}
