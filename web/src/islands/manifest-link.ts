/** Where the server answers with the web app manifest (server/src/modules/pages/root-files.routes.ts). */
const manifestHref = '/site.webmanifest';

/**
 * Links the web app manifest once the page has loaded and painted. The HTML links it only inside
 * `<noscript>` (web/scripts/prerender.mjs): linked in the head, Chromium fetches it while the page
 * loads, without credentials and so on a connection of its own, beside the page's one script.
 * Nothing reads it before a visitor installs or shares the site.
 */
export function linkManifestAfterLoad(): void {
  const link = () => {
    if (document.head.querySelector(':scope > link[rel=manifest]')) return;
    const element = document.createElement('link');
    element.rel = 'manifest';
    element.href = manifestHref;
    document.head.append(element);
  };
  // The frame after the load event has been painted by the time a task queued in it runs.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(link));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}
