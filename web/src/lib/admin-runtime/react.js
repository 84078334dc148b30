// What the admin application's 'react' resolves to in the browser (vite.config.ts): Preact's
// React compatibility layer (issue 46), with React 19's `ref` as a prop.
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
