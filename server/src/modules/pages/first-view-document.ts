/**
 * The dashboard's document once its first view is in it: the stylesheet blocks the first paint
 * (built, the page only preloads it: the application waited for it before rendering anything),
 * and the early calls' script is left out, its answers being in the page already.
 */
export function withFirstView(html: string): string {
  return html
    .replace(/<link rel="preload" as="style" href="([^"]+)">/, '<link rel="stylesheet" href="$1">')
    .replace(/<script\b[^>]*\bsrc="\/assets\/early-requests-[^"]*"[^>]*><\/script>\s*/, '');
}
