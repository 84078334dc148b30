// What the contact island's components import from 'react' and 'react-dom/client', served by
// Preact itself: the island build (vite.config.ts) resolves those two names to this module, so
// the form's components, written for React and rendered by React on the server, run on Preact's
// core and hooks in the browser (decision 032). Preact's React compatibility layer would cost
// 1.7 KB brotli of the island's 15 KB for features the form does not use; the one it needs,
// SVG attributes written in camelCase (strokeWidth), is the hook below. An import this module
// does not export (another hook, a React API) fails the island build, so nothing slips through.
import { hydrate, options } from 'preact';

export { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/** The SVG attributes React spells in camelCase (file-icons.tsx) and the DOM in kebab-case. */
const svgCamelCase = /^(?:stroke|fill|font|text)[A-Z]/;
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown>;
  if (typeof vnode.type === 'string' && ['svg', 'path', 'text'].includes(vnode.type)) {
    for (const name of Object.keys(props)) {
      if (svgCamelCase.test(name)) {
        props[name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)] = props[name];
        delete props[name];
      }
    }
    // React writes focusable="false"; Preact would leave the attribute out.
    if (props['focusable'] === false) props['focusable'] = 'false';
  }
  previousVnode?.(vnode);
};

/** react-dom/client's hydrateRoot, for the one element the island takes over. */
export function hydrateRoot(container: Element, children: unknown): void {
  hydrate(children as Parameters<typeof hydrate>[0], container);
}
