// The pictures the web app ships for the company details: the partners' wordmarks and the About
// page's portrait, named in the settings by their file name (contract: shippedPictureNames).
const shipped = import.meta.glob<string>(['../assets/partners/*.svg', '../assets/illustrations/ceo-portrait.svg'], {
  eager: true,
  import: 'default',
  query: '?no-inline',
});

/**
 * The address a picture of the company details is shown from: a shipped picture by its name,
 * else the value itself (a `/media/company/…` address the server made, or in the dashboard a new
 * upload's data URL). Undefined for a name the app does not ship.
 */
export function companyPictureSource(value: string): string | undefined {
  if (value.startsWith('data:') || value.startsWith('/media/')) return value;
  return Object.entries(shipped).find(([file]) => file.endsWith(`/${value}.svg`))?.[1];
}
