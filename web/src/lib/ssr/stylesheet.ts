import stylesheetUrl from '../../styles.css?url';

let loading: Promise<void> | undefined;

/**
 * Adds the site's full stylesheet. Each prerendered page carries inline only the CSS its own
 * HTML uses (web/scripts/critical-css.mjs); the rest — for states that only interaction brings
 * (an open menu or answer, a filter without result) and for the other pages — is this file.
 * Resolves when it is loaded, or failed (the page stays usable with its inline CSS).
 */
export function loadStylesheet(): Promise<void> {
  // The page links it already (the dashboard with its first view from the server, decision 067):
  // a stylesheet in the head is loaded before the scripts run, and a second link would restyle the page.
  if (document.querySelector(`link[rel="stylesheet"][href="${stylesheetUrl}"]`)) loading ??= Promise.resolve();
  loading ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return loading;
}

const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Loads the full stylesheet at the first sign that the visitor is about to interact — a pointer
 * over the page, a touch, a key, a focus — which comes before any click or tap can change what
 * the page shows. A visitor who only reads never parses a stylesheet beyond what the page
 * needed, and the start of the page is not slowed by a restyle of everything.
 */
export function loadStylesheetOnIntent(): void {
  const load = () => {
    for (const type of intents) window.removeEventListener(type, load, true);
    void loadStylesheet();
  };
  for (const type of intents) window.addEventListener(type, load, { capture: true, passive: true });
}
