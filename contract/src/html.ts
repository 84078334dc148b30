/** Text made safe inside HTML elements and quoted attributes: the five characters that could end either. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
