/**
 * Browser storage that never throws: failures (private mode, quota, disabled storage) are only
 * logged to the console, as SPEC §8 asks.
 */
/** A render on the server (app/first-paint) reads the stored settings the visitor's browser sent. */
let sent: Storage | null = null;

/**
 * Runs `render` (synchronous) with `entries` as the browser storage it reads, on the server, where
 * there is none: a signed-in page's first paint is drawn with the visitor's language, theme, layout
 * and selected account. Writes during it change only that copy.
 */
export function withSentStorage<T>(entries: Record<string, string>, render: () => T): T {
  const map = new Map(Object.entries(entries));
  sent = {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
  try {
    return render();
  } finally {
    sent = null;
  }
}

function store(): Storage | null {
  if (sent) return sent;
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch (error) {
    console.error('Browser storage is unavailable', error);
    return null;
  }
}

export function storageAvailable(): boolean {
  try {
    const s = store();
    if (!s) return false;
    const probe = '__storage_probe__';
    s.setItem(probe, probe);
    s.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function getItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch (error) {
    console.error(`Could not read "${key}" from browser storage`, error);
    return null;
  }
}

export function setItem(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch (error) {
    console.error(`Could not write "${key}" to browser storage`, error);
  }
}

export function removeItem(key: string): void {
  try {
    store()?.removeItem(key);
  } catch (error) {
    console.error(`Could not remove "${key}" from browser storage`, error);
  }
}

export function getJson<T>(key: string): T | null {
  const raw = getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.error(`Stored "${key}" is not valid JSON`, error);
    return null;
  }
}

export function setJson(key: string, value: unknown): void {
  setItem(key, JSON.stringify(value));
}
