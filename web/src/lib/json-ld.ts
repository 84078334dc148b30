/**
 * Structured data as a script element of the page's head. `<` is escaped (as `\u003c`, which JSON
 * reads back as `<`), so that no text staff typed can close the element or open another.
 */
export const jsonLdScript = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
