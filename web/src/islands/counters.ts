import { formatInteger } from '../lib/format-number';

/** SPEC.md §9: the counters run for 1500 ms once 40 % of the strip is visible. */
export const countUp = { durationMs: 1500, threshold: 0.4 } as const;

/** Time between two updates of the running figures: about 15 a second are plenty for digits. */
const stepMs = 66;

/** The value shown at a point of the animation: eased out, so the figures settle gently on their targets. */
export function countUpValue(target: number, progress: number): number {
  const eased = 1 - (1 - progress) ** 3;
  return Math.round(target * eased);
}

/**
 * The statistics strip's figures ([data-count-up] with [data-target] spans) run once from 0 to
 * their targets when the strip comes into view, and are never observed again (SPEC.md §4). The
 * HTML shows the targets; they are set to 0 only where the animation will play (not for
 * visitors who prefer reduced motion). Screen readers read the target, kept beside it.
 */
export function enhanceCounters(root: ParentNode = document): void {
  const strip = root.querySelector<HTMLElement>('[data-count-up]');
  if (!strip || typeof IntersectionObserver === 'undefined') return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const lang = document.documentElement.lang === 'en' ? 'en' : 'de';
  const figures = [...strip.querySelectorAll<HTMLElement>('[data-target]')].map((element) => ({
    element,
    target: Number(element.dataset['target']),
  }));
  const show = (progress: number) => {
    for (const { element, target } of figures) {
      // Only a figure that changed: the eased end shows the target for several steps, and each
      // write would invalidate the strip's style and layout again for nothing.
      const text = formatInteger(countUpValue(target, progress), lang);
      if (element.textContent !== text) element.textContent = text;
    }
  };
  show(0);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= countUp.threshold - 0.001)) return;
      observer.disconnect();
      const start = performance.now();
      // One frame per step, not one per display frame: a frame asked for with nothing to change
      // still costs the main thread a commit, and 90 of them in the count's 1.5 s were most of
      // the home page's main-thread work in Lighthouse (issue 33 point 3, decision 038).
      const step = (now: number) => {
        // A frame's timestamp may lie a little before `start`: clamp to 0…1.
        const linear = Math.min(1, Math.max(0, (now - start) / countUp.durationMs));
        show(linear);
        if (linear < 1) setTimeout(() => requestAnimationFrame(step), stepMs);
      };
      requestAnimationFrame(step);
    },
    { threshold: countUp.threshold },
  );
  observer.observe(strip);
}
