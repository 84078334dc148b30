// The admin's buttons share these looks; colours keep WCAG AA contrast on white.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export const primaryButton = `${base} bg-brand-700 text-white hover:bg-brand-800`;
export const secondaryButton = `${base} border border-slate-400 bg-white text-slate-800 hover:bg-slate-100`;
export const dangerButton = `${base} border border-red-700 bg-white text-red-800 hover:bg-red-50`;
export const smallButton = 'px-3 py-1.5';
