/**
 * After a deployment the server has only the new build's files: a tab opened before it cannot load
 * the code of a page it has not shown yet ("Failed to fetch dynamically imported module"). Such a
 * tab is reloaded once at the address it was going to, which loads the new build. A second failure
 * soon after is not a deployment (the file is missing, the network is down): it is shown, and no
 * reload loop starts.
 */

/** When the last such reload happened (ms), for this tab. */
const RELOADED_AT_KEY = 'new_build_reload_at';
const AGAIN_AFTER_MS = 60_000;

/** The browsers' words for a module or its stylesheet that could not be fetched. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_FAILURE.test(message);
}

/** How the page is reloaded (a test watches it: jsdom cannot reload). */
export const pageReload = { run: () => window.location.reload() };

/**
 * Whether this tab may reload for a new build: not when it did so within the last minute, nor
 * without storage (a reload could not tell that it already happened). Reads only.
 */
export function mayReloadForNewBuild(now = Date.now()): boolean {
  try {
    // The tab's own storage: another tab's reload says nothing about this one.
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    return !(Number.isFinite(last) && now - last < AGAIN_AFTER_MS);
  } catch (error) {
    console.error('Browser storage is unavailable', error);
    return false;
  }
}

/** Reloads the page for the new build unless that was just tried; whether it reloads. */
export function reloadForNewBuild(now = Date.now()): boolean {
  if (!mayReloadForNewBuild(now)) return false;
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  pageReload.run();
  return true;
}
