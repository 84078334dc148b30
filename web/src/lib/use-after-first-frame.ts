import { useEffect, useState } from 'react';

/**
 * False in the render that mounts the component, true once the frame that render made has been
 * painted: what lies below a phone's fold (a long form's later sections) renders after the part a
 * person sees first, rather than holding that part back (issue 46).
 */
export function useAfterFirstFrame(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // The frame's callbacks run before it is painted; a task queued from them runs after.
    const frame = window.requestAnimationFrame(() => (timer = window.setTimeout(() => setPainted(true))));
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
