/** The consent text in force; bumped when the banner's wording changes, so records say which was accepted. */
export const CONSENT_VERSION = '2026-11';
