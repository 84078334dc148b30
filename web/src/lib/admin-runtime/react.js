// What the admin application's 'react' resolves to in the browser (vite.config.ts): Preact's
// React compatibility layer (issue 46), and the one hook React Router imports that it lacks.
// Plain JavaScript: preact/compat's types are written as `export =`, which a re-export cannot take.
import { options } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';

// React 19 hands a function component its `ref` as a prop (form-field.tsx passes react-hook-form's
// register(...) on that way); Preact 10 does so only for forwardRef. Done here for every one.
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const type = vnode.type;
  if (typeof type === 'function' && !type.prototype?.render && vnode.ref) {
    vnode.props.ref = vnode.ref;
    vnode.ref = null;
  }
  previousVnode?.(vnode);
};

/**
 * React Router's provider reads its state through `useOptimistic` and sets an optimistic one only
 * for transitions, which the admin application turns off (`useTransitions={false}`,
 * entry-client.tsx): the passed state as it is serves it.
 * @template State
 * @param {State} passthrough
 * @returns {[State, (action: unknown) => void]}
 */
export function useOptimistic(passthrough) {
  return [passthrough, () => {}];
}
