const openMenus = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')];

/**
 * The page's menus are native disclosures (<details data-menu>) that open and close without
 * JavaScript. This adds what a visitor expects of a menu: Escape closes it and gives the focus
 * back to its toggle; a click or tap elsewhere, or opening another menu, closes it. Listened for
 * on the document, so that menus the page gets later (a gallery view loaded in place) behave too.
 */
export function enhanceMenus(): void {
  document.addEventListener('pointerdown', (event) => {
    for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
  });
  // `toggle` does not bubble: it is caught on its way down.
  document.addEventListener(
    'toggle',
    (event) => {
      const menu = event.target;
      if (!(menu instanceof HTMLDetailsElement) || !menu.matches('[data-menu]') || !menu.open) return;
      for (const other of openMenus()) if (other !== menu) other.open = false;
    },
    true,
  );
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = (event.target as Element | null)?.closest?.('details[data-menu][open]');
    if (!(menu instanceof HTMLDetailsElement)) return;
    event.stopPropagation();
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
}
