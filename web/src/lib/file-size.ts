/**
 * A file's size as people read it: bytes below a kilobyte (a small text file is not "0 kB"), kB
 * below a megabyte, else MB with one decimal (1024-based, like the admin command).
 */
export function fileSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / 1024 / 1024, 'megabyte'];
  // Bytes written out: the short English form is "845 byte", the long one "845 bytes" (German: "Byte").
  const unitDisplay = unit === 'byte' ? 'long' : 'short';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: value < 10 ? 1 : 0 }).format(
    value,
  );
}
