import { useSyncExternalStore } from 'react';
import { localTimeZone } from './format-date';

/**
 * The zone times are shown in when a screen names none: the person's chosen one (a preference
 * kept on the server, applied at sign-in and when changed on the profile), else the browser's own
 * (undefined). A tiny store, so every screen that shows it re-renders when it changes.
 */
let displayZone: string | undefined;
const listeners = new Set<() => void>();

export function setDisplayTimeZone(zone: string | undefined): void {
  const next = zone && isTimeZone(zone) ? zone : undefined;
  if (next === displayZone) return;
  displayZone = next;
  for (const listener of listeners) listener();
}

/** The chosen zone, or undefined for the browser's; read at call time (outside React). */
export const getDisplayTimeZone = (): string | undefined => displayZone;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zone to show times in ("Asia/Tokyo"): the chosen one, else the browser's; re-renders on change. */
export function useDisplayTimeZone(): string {
  // The same snapshot on the server: the login page is rendered at build time (app/prerender).
  return useSyncExternalStore(subscribe, getDisplayTimeZone, getDisplayTimeZone) ?? localTimeZone();
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
