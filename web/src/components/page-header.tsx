import type { ReactNode } from 'react';

/** The title band of an inner page: it continues the coloured navbar and holds the page's one h1. */
type Props = { title: string; intro?: string; kicker?: string; titleId?: string; children?: ReactNode };

export function PageHeader({ title, intro, kicker, titleId, children }: Props) {
  return (
    <div className="surface-dark relative overflow-hidden bg-brand-900 text-white">
      {/* Placed from the top: the band grows while its text is still arriving (the first paint may
          come before the intro is parsed), and a mark placed from the bottom moved with it (a
          layout shift of 0.122 in one Lighthouse run). Its offset shows the bolt in a short band. */}
      <svg
        className="absolute -top-12 -right-16 h-80 w-80 text-white/[0.04] md:right-8"
        viewBox="0 0 24 24"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M13 2L4.5 13.5H11L10 22l8.5-11.5H12z" />
      </svg>
      <div className="relative mx-auto max-w-7xl px-4 pt-8 pb-12 md:pt-12 md:pb-16">
        {kicker && <p className="text-sm font-semibold tracking-widest text-accent-300 uppercase">{kicker}</p>}
        <h1 id={titleId} className="mt-2 max-w-4xl text-3xl font-bold tracking-tight md:text-5xl">
          {title}
        </h1>
        {intro && <p className="mt-5 max-w-3xl text-lg leading-relaxed text-brand-100">{intro}</p>}
        {children}
      </div>
    </div>
  );
}
