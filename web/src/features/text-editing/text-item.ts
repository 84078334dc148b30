import { type EditableTextNamespace, isEditableTextNamespace } from '@blitz/contract';

/**
 * The text an audit entry names (`namespace:key:language`, decision 036): its page and key, which
 * the texts tab filters to. Anything else names nothing.
 */
export function textOfItem(item: string): { namespace: EditableTextNamespace; key: string } | undefined {
  const parts = item.split(':');
  if (parts.length < 3) return undefined;
  const namespace = parts[0]!;
  const key = parts.slice(1, -1).join(':');
  return isEditableTextNamespace(namespace) && key !== '' ? { namespace, key } : undefined;
}
