import type { PointerEvent } from 'react';

/**
 * Dragging a row by its handle with a finger or a pen: native HTML drag and drop does not work
 * with touch. The handle captures the pointer (its `touch-action: none` keeps the page from
 * scrolling instead); the row under the finger is the drop target; lifting the finger drops.
 * A mouse keeps using native drag and drop.
 */
export function touchDragHandlers(options: {
  id: number;
  onStart: (id: number) => void;
  onOver: (id: number | undefined) => void;
  onDrop: (id: number, targetId: number | undefined) => void;
}) {
  const targetAt = (event: PointerEvent) => {
    const element = document.elementFromPoint(event.clientX, event.clientY);
    const row = element?.closest<HTMLElement>('[data-list="gallery"] [data-project-id]');
    return row ? Number(row.dataset['projectId']) : undefined;
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      options.onStart(options.id);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
      options.onOver(targetAt(event));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
      event.currentTarget.releasePointerCapture(event.pointerId);
      options.onDrop(options.id, targetAt(event));
    },
    onPointerCancel: () => options.onDrop(options.id, undefined),
  };
}
