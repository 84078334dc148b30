/** localStorage key of a remembered "load the map" choice (the imprint's privacy policy names it). */
export const mapConsentKey = 'mapConsent';

export function hasRememberedMapConsent(): boolean {
  try {
    return window.localStorage.getItem(mapConsentKey) === 'granted';
  } catch {
    return false;
  }
}

export function rememberMapConsent(granted: boolean): void {
  try {
    if (granted) window.localStorage.setItem(mapConsentKey, 'granted');
    else window.localStorage.removeItem(mapConsentKey);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
