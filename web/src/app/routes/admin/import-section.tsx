import { useSaveRedirect } from '../../../features/redirects/api/redirects';
import { ImportPanel } from '../../../features/wordpress-import/components/import-panel';

/** The move from WordPress, with the redirects' own call for the old pages staff redirect from its report. */
export function ImportSection() {
  const save = useSaveRedirect();
  return <ImportPanel createRedirect={(from, to) => save.mutateAsync({ from, to, keepQuery: false })} />;
}
