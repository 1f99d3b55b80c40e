/** The one route prerendered at build time (every visit without a session lands there). */
export const LOGIN_PATH = '/auth/login';

/** useId's prefix in a prerendered copy: the six languages' copies never clash, and hydration matches. */
export const prerenderIdPrefix = (locale: string) => `prerender-${locale}-`;
