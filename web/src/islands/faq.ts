const smooth = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * The FAQ's answers open and close natively (<details name="faq">, one at a time); this adds the
 * scrolling of SPEC.md §2: an opened answer is scrolled into view, and closing the last open one
 * scrolls back to the page title (`data-faq` names it) as the layout returns to a row.
 */
export function enhanceFaq(root: ParentNode = document): void {
  const list = root.querySelector<HTMLElement>('[data-faq]');
  if (!list) return;
  const items = [...list.querySelectorAll<HTMLDetailsElement>('details')];
  for (const item of items) {
    item.addEventListener('toggle', () => {
      if (item.open) {
        // Browsers without exclusive accordions (name=) close the others here.
        for (const other of items) if (other !== item && other.open) other.open = false;
        item.scrollIntoView({ behavior: smooth(), block: 'start' });
      } else if (!items.some((other) => other.open)) {
        document.getElementById(list.dataset['faq'] ?? '')?.scrollIntoView({ behavior: smooth(), block: 'start' });
      }
    });
  }
}
