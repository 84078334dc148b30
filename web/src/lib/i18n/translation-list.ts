import type { Namespace, ParseKeys, TFunction } from 'i18next';

/** The array under a translation key (texts keep lists as JSON arrays); empty while the texts are missing. */
export function translationList<T = string, Ns extends Namespace = Namespace>(
  t: TFunction<Ns>,
  key: NoInfer<ParseKeys<Ns, { returnObjects: true }>>,
  /** Values of the list's own placeholders (the shared ones are filled anyway). */
  values: Record<string, string> = {},
): T[] {
  // The key is checked at the call; the value's shape is the texts', whatever i18next's types infer.
  const value: unknown = (t as (key: string, options: { returnObjects: true }) => unknown)(key as string, {
    ...values,
    returnObjects: true,
  });
  return Array.isArray(value) ? (value as T[]) : [];
}
