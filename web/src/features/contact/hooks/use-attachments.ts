import { useCallback, useEffect, useRef, useState } from 'react';
import { attachmentKind } from '../attachment-rules';

export type ChosenFile = { id: number; file: File; kind: 'image' | 'pdf' | 'document'; previewUrl: string | undefined };

/** The chosen files, with object URLs for previews (images, PDFs) that are released with the file. */
export function useAttachments() {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const nextId = useRef(1);
  const current = useRef(files);
  useEffect(() => {
    current.current = files;
  }, [files]);

  const release = (list: ChosenFile[]) => list.forEach((f) => f.previewUrl && URL.revokeObjectURL(f.previewUrl));

  useEffect(() => () => release(current.current), []);

  const add = useCallback((list: FileList | File[]) => {
    const added = Array.from(list).map((file): ChosenFile => {
      const kind = attachmentKind(file);
      return { id: nextId.current++, file, kind, previewUrl: kind === 'document' ? undefined : URL.createObjectURL(file) };
    });
    setFiles((before) => [...before, ...added]);
  }, []);

  const remove = useCallback((id: number) => {
    setFiles((before) => {
      release(before.filter((f) => f.id === id));
      return before.filter((f) => f.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    setFiles((before) => {
      release(before);
      return [];
    });
  }, []);

  return { files, add, remove, clear };
}
