/** The array under a translation key (texts keep lists as JSON arrays); empty while the texts are missing. */
export function translationList<T = string>(t: (key: string, options: { returnObjects: true }) => unknown, key: string): T[] {
  const value = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}
