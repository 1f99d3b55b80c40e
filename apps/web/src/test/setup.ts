import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { resetAccountStream } from '../features/accounts/api/account-stream';
import { setDisplayTimeZone } from '../lib/format/display-zone';
import { fakeMatchMedia } from './match-media';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 5 s, not 1 s: two test files run at once on two cores, and a page's
// first render (lazy chunks, Mantine styles) can take longer than a second under that load.
configure({ asyncUtilTimeout: 5_000 });

// Mantine needs these under jsdom.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: fakeMatchMedia() });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
// Mantine's autosizing Textarea listens for web fonts loading (jsdom has no FontFaceSet).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
window.scrollTo ??= (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Module state outlives a test: no toast may wait for the next test's container, and the account
  // stream's singleton may not carry a connection (and its fetch stub) into it.
  toast.dismiss();
  toast.clearWaitingQueue();
  resetAccountStream();
  // A display zone chosen in one test (a profile's preference) may not show the next one's times.
  setDisplayTimeZone(undefined);
});
