/**
 * The language menu's links name the page's address as the server rendered it. When the script
 * has changed the address since (a jobs search, a gallery view loaded in place), a choice of
 * language keeps what the address now holds: the link is pointed at it as it is followed.
 */
export function enhanceLanguageLinks(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('details[data-menu] a[hreflang]')) {
    const follow = () => {
      const url = new URL(window.location.href);
      url.searchParams.set('lang', link.hreflang);
      url.hash = '';
      link.href = url.href;
    };
    link.addEventListener('click', follow);
    link.addEventListener('auxclick', follow);
  }
}
