import { type RefObject, useEffect, useState } from 'react';

/** Time between two updates of the running figures. */
const stepMs = 66;

/**
 * Progress (0…1) of the statistics counters: they run once, over `durationMs`, when `threshold`
 * of the element is visible (SPEC.md §9), and never again. The first render — the prerendered
 * HTML and the hydration — shows the targets, so crawlers, readers without JavaScript and
 * visitors who prefer reduced motion see the real figures; the reset to 0 happens only where the
 * animation will play.
 */
export function useCountUp(
  ref: RefObject<Element | null>,
  { durationMs, threshold }: { durationMs: number; threshold: number },
): number {
  const [progress, setProgress] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    setProgress(0);
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold - 0.001)) return;
        observer.disconnect();
        const start = performance.now();
        let shown = -Infinity;
        const step = (now: number) => {
          // A frame's timestamp may lie a little before `start`: clamp to 0…1.
          const linear = Math.min(1, Math.max(0, (now - start) / durationMs));
          // About 15 steps a second are plenty for running digits, and leave the main thread
          // free in between (each step restyles, lays out and repaints the figures).
          if (now - shown >= stepMs || linear === 1) {
            shown = now;
            setProgress(linear);
          }
          if (linear < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref, durationMs, threshold]);
  return progress;
}

/** The value shown at a point of the animation: eased out, so the figures settle gently on their targets. */
export function countUpValue(target: number, progress: number): number {
  const eased = 1 - (1 - progress) ** 3;
  return Math.round(target * eased);
}
