import { useSiteContent } from '../lib/ssr/site-content';

/**
 * The company's mark in the navbar and footer: the logo staff uploaded (its 192 px icon, drawn
 * from it on the server, where the page has it; else the stored logo itself), or the shipped
 * drawing — a lightning bolt in a shield. Decorative: the company's name stands beside it.
 */
export function Logo({ className }: { className?: string }) {
  const { company, siteImages } = useSiteContent();
  const uploaded = siteImages?.icons?.icon192 ?? company.logo;
  if (uploaded) return <img className={`${className ?? ''} object-contain`} src={uploaded} alt="" width={192} height={192} />;
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M20 2l15 6v11c0 9.5-6.4 16.6-15 19-8.6-2.4-15-9.5-15-19V8z" fill="#f5c518" />
      <path d="M22.5 7L12 22h7l-2.5 11L28 17h-7.2z" fill="#0b2545" />
    </svg>
  );
}
