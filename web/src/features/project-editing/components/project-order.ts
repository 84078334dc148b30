/**
 * A project moved to `toIndex` of a list (0 is the top, past the end is the end): the list as it
 * is then, and what the API is told — the id it now follows, null at the top. Undefined when it
 * would not move.
 */
export function moveInList<Row extends { id: number }>(
  list: readonly Row[],
  id: number,
  toIndex: number,
): { reordered: Row[]; after: number | null } | undefined {
  const from = list.findIndex((row) => row.id === id);
  if (from < 0) return undefined;
  const rest = list.filter((row) => row.id !== id);
  const to = Math.max(0, Math.min(Math.trunc(toIndex), rest.length));
  if (to === from) return undefined;
  const reordered = [...rest.slice(0, to), list[from]!, ...rest.slice(to)];
  return { reordered, after: to === 0 ? null : rest[to - 1]!.id };
}
