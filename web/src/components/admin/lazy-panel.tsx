import { Component, type ComponentType, type ReactNode, Suspense, createElement, lazy, useEffect, useState } from 'react';
import { getI18n, useTranslation } from 'react-i18next';
import type { TranslationNamespace } from '@blitz/contract';
import { secondaryButton, smallButton } from './button-classes';
import { whenIdle } from '../../lib/when-idle';
import { LoadingStatus } from './list-status';

/** A dashboard area whose code and texts are loaded when it is first opened (issue 46), or earlier by `preload`. */
export type LazyPanel<P> = ComponentType<P> & { preload: () => Promise<unknown>; isLoaded: () => boolean };

/**
 * Wraps an area's import: its code, and the namespaces of its texts, are fetched together on
 * `preload` (a tab's touch or focus) or when it first renders, with a spinner meanwhile. A failed
 * fetch (a phone losing its network, a new release replacing the files) shows a retry in the area
 * instead of ending the whole dashboard. (A text file that fails is fetched in the other language,
 * translation-backend.ts.)
 */
export function lazyPanel<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly TranslationNamespace[] = [],
  /** What shows while the code loads, if not a spinner (a dialog's code: nothing). */
  fallback?: ReactNode,
): LazyPanel<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  // Once loaded, rendered at once: a lazy component suspends on its first render even then.
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), namespaces.length > 0 && getI18n().loadNamespaces([...namespaces])])
      .then(([panel]) => (loaded = panel))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
  // React and Preact keep a failed lazy component's error for good: a retry makes a new one.
  const makeLoaded = () => lazy(async () => ({ default: await preload() }));
  let Loaded = makeLoaded();
  function Panel(props: P) {
    // Decided once: switching from the lazy component to the loaded one would mount the area anew.
    const [loadedAtMount] = useState(() => loaded);
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = makeLoaded();
      setAttempt((n) => n + 1);
    };
    return (
      <LoadFailure key={attempt} onRetry={retry}>
        <Suspense fallback={fallback === undefined ? <PanelLoading /> : fallback}>
          {loadedAtMount ? createElement(loadedAtMount, props) : <Loaded {...props} />}
        </Suspense>
      </LoadFailure>
    );
  }
  return Object.assign(Panel, { preload, isLoaded: () => loaded !== undefined });
}

function PanelLoading() {
  const { t } = useTranslation('admin');
  return (
    <div className="py-8">
      <LoadingStatus label={t('loading')} />
    </div>
  );
}

/** Catches what failed while the area loaded or rendered, and offers to load it again. */
class LoadFailure extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // Preact, the dashboard's runtime, does not report an error a boundary caught: a failed render
  // must not pass for a network problem unseen.
  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <PanelFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function PanelFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <p role="alert" className="flex flex-wrap items-center gap-3 py-8 text-red-900">
      {t('dashboard.panelFailed')}
      <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}

/**
 * A list's dialog whose code is not the list's (a lazy panel with no fallback): once the list has
 * shown, `preload` runs when the browser is idle, so that an item still opens at once. The answer
 * turns true at the dialog's first opening and stays so: mounted from then on, closing it returns
 * the focus as a dialog does. `preload` must keep its identity (a module's function).
 */
export function useListDialog(open: boolean, listShown: boolean, preload: () => Promise<unknown>): boolean {
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    if (!listShown) return;
    return whenIdle(() => void preload().catch(() => undefined));
  }, [listShown, preload]);
  return wanted;
}
