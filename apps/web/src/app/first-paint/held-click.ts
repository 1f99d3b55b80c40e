/**
 * A click on the server's copy of a page (app/first-paint), held until the app's own page has
 * replaced it, then made again on the same control there: the copy has no behaviour of its own,
 * but the app draws the same controls with the same texts. Kept on globalThis: the boot script
 * holds it, the app (dismiss.ts) makes it.
 */
export interface HeldClick {
  tag: string;
  text: string;
  /** Which of the controls with that tag and text (in document order). */
  index: number;
}

const KEY = '__firstPaintClick';
const CONTROL = 'a, button, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], summary, label';

const sameControls = (root: ParentNode, tag: string, text: string) =>
  [...root.querySelectorAll<HTMLElement>(tag)].filter((el) => el.textContent?.trim() === text);

/** The control `target` is in, described so that the app's page can find its own. */
export function describeClick(root: ParentNode, target: Element | null): HeldClick | null {
  const control = target?.closest<HTMLElement>(CONTROL);
  if (!control) return null;
  const tag = control.tagName.toLowerCase();
  const text = control.textContent?.trim() ?? '';
  return { tag, text, index: sameControls(root, tag, text).indexOf(control) };
}

export function holdClick(click: HeldClick | null): void {
  (globalThis as Record<string, unknown>)[KEY] = click;
}

/** The held click, once. */
export function takeHeldClick(): HeldClick | null {
  const g = globalThis as Record<string, unknown>;
  const click = (g[KEY] as HeldClick | null | undefined) ?? null;
  g[KEY] = null;
  return click;
}

/** The app's control for a held click, if it has the same one. */
export function findClicked(root: ParentNode, click: HeldClick): HTMLElement | undefined {
  return sameControls(root, click.tag, click.text)[click.index];
}
