/**
 * Whether this page is being left: a reload, a link to another site, the tab closing. From
 * 'beforeunload' or 'pagehide' until 'pageshow' (back from the back-forward cache), or until
 * LEAVE_GRACE_MS have passed with the page still here (a navigation that became a download).
 *
 * As a page goes, the browser cuts its requests off: one cut off then is no answer from the server.
 */
export const LEAVE_GRACE_MS = 10_000;

let leftAt: number | null = null;

export function pageIsLeaving(): boolean {
  return leftAt !== null && Date.now() - leftAt < LEAVE_GRACE_MS;
}

if (typeof window !== 'undefined') {
  const leave = () => {
    leftAt = Date.now();
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', () => {
    leftAt = null;
  });
}
