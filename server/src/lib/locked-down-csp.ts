/** Default CSP for everything that is not an HTML page (API, media, assets, errors). */
export const lockedDownCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
