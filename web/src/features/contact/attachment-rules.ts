import { attachmentLimits, declaredAttachmentType } from '@blitz/contract';

export type AttachmentRule = 'type' | 'empty' | 'size' | 'total' | 'count';

const MB = 1024 * 1024;

/** The figure each rule's message names ({{max}}). */
export const ruleLimits: Record<AttachmentRule, number> = {
  type: 0,
  empty: 0,
  size: attachmentLimits.maxFileBytes / MB,
  total: attachmentLimits.maxTotalBytes / MB,
  count: attachmentLimits.maxFiles,
};

/**
 * Which rule each chosen file breaks, before anything is sent: the same limits the server
 * enforces. The type can only be judged by the browser's type and the extension here; the server
 * looks at the content.
 */
export function attachmentProblems(
  files: readonly { name: string; type: string; size: number }[],
): (AttachmentRule | undefined)[] {
  let total = 0;
  let accepted = 0;
  return files.map((file) => {
    if (!declaredAttachmentType(file.name, file.type)) return 'type';
    if (file.size === 0) return 'empty';
    if (file.size > attachmentLimits.maxFileBytes) return 'size';
    if (accepted >= attachmentLimits.maxFiles) return 'count';
    if (total + file.size > attachmentLimits.maxTotalBytes) return 'total';
    accepted++;
    total += file.size;
    return undefined;
  });
}

export function attachmentKind(file: { name: string; type: string }): 'image' | 'pdf' | 'document' {
  return declaredAttachmentType(file.name, file.type)?.kind ?? 'document';
}
