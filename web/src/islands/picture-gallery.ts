const smooth = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * A project page's pictures ([data-picture-gallery], features/projects/components/picture-gallery.tsx)
 * work without this: a track that scrolls and snaps (a swipe on a touch screen) and a link to
 * each picture. This shows the previous/next buttons, takes the arrow keys (and Home, End) while
 * the keyboard is in the gallery, moves the track in place when a picture's link is chosen (the
 * page itself stays), and marks the link of the picture in view and announces it.
 */
export function enhancePictureGalleries(root: ParentNode = document): void {
  for (const gallery of root.querySelectorAll<HTMLElement>('[data-picture-gallery]')) enhance(gallery);
}

function enhance(gallery: HTMLElement): void {
  const found = gallery.querySelector<HTMLElement>('[data-picture-track]');
  if (!found) return;
  const track: HTMLElement = found;
  const slides = [...track.children] as HTMLElement[];
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>('[data-picture-link]')];
  const previous = gallery.querySelector<HTMLButtonElement>('[data-picture-previous]');
  const next = gallery.querySelector<HTMLButtonElement>('[data-picture-next]');
  const status = gallery.querySelector<HTMLElement>('[data-picture-status]');
  const countText = gallery.dataset['countText'] ?? '{index} / {count}';
  let current = -1;

  const indexInView = () =>
    Math.max(0, Math.min(slides.length - 1, Math.round(track.scrollLeft / Math.max(1, track.clientWidth))));

  function mark(index: number, announce: boolean) {
    if (index === current) return;
    current = index;
    links.forEach((link, i) => (i === index ? link.setAttribute('aria-current', 'true') : link.removeAttribute('aria-current')));
    if (previous) previous.disabled = index === 0;
    if (next) next.disabled = index === slides.length - 1;
    if (announce && status)
      status.textContent = countText.replace('{index}', String(index + 1)).replace('{count}', String(slides.length));
  }

  function show(index: number) {
    const target = Math.max(0, Math.min(slides.length - 1, index));
    track.scrollTo({ left: target * track.clientWidth, behavior: smooth() });
    mark(target, true);
  }

  for (const button of [previous, next]) button?.removeAttribute('hidden');
  previous?.addEventListener('click', () => show(indexInView() - 1));
  next?.addEventListener('click', () => show(indexInView() + 1));
  for (const [index, link] of links.entries()) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      show(index);
    });
  }
  gallery.addEventListener('keydown', (event) => {
    const moves: Record<string, number> = {
      ArrowLeft: indexInView() - 1,
      ArrowRight: indexInView() + 1,
      Home: 0,
      End: slides.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    show(target);
  });
  // A swipe (or any scroll of the track) settles on a picture: its link is marked.
  let settle: ReturnType<typeof setTimeout> | undefined;
  track.addEventListener(
    'scroll',
    () => {
      clearTimeout(settle);
      settle = setTimeout(() => mark(indexInView(), true), 100);
    },
    { passive: true },
  );
  mark(indexInView(), false);
}
