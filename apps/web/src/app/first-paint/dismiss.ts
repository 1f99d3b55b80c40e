import { findClicked, takeHeldClick } from './held-click';

/** The element holding the page the server drew (app/first-paint/first-paint-boot.ts). */
export const FIRST_PAINT_ID = 'first-paint';

/**
 * The app's own page is drawn (or it went elsewhere): the server's copy goes, in the same commit,
 * so no frame shows both or neither; a click made on the copy is made on the app's control.
 */
export function dismissFirstPaint(): void {
  const copy = document.getElementById(FIRST_PAINT_ID);
  if (!copy) return;
  copy.remove();
  const click = takeHeldClick();
  const root = document.getElementById('root');
  // After the commit, once the app's handlers see the control.
  if (click && root) setTimeout(() => findClicked(root, click)?.click(), 0);
}
