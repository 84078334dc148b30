/**
 * The navbar's menus are native disclosures (<details data-menu>) that open and close without
 * JavaScript. This adds what a visitor expects of a menu: Escape closes it and gives the focus
 * back to its toggle; a click or tap elsewhere, or opening another menu, closes it.
 */
export function enhanceMenus(root: ParentNode = document): void {
  const menus = [...root.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  if (menus.length === 0) return;
  document.addEventListener('pointerdown', (event) => {
    for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  for (const menu of menus) {
    menu.addEventListener('toggle', () => {
      if (menu.open) for (const other of menus) if (other !== menu) other.open = false;
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !menu.open) return;
      event.stopPropagation();
      menu.open = false;
      menu.querySelector('summary')?.focus();
    });
  }
}
