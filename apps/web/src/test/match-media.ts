import { vi } from 'vitest';

/**
 * A `window.matchMedia` for jsdom (which has none) whose media queries match as `matches` says.
 * As in browsers, an empty query matches (mantine-datatable asks it for always-visible columns).
 */
export const fakeMatchMedia = (matches: (query: string) => boolean = () => false) =>
  vi.fn().mockImplementation((query: string) => ({
    matches: query.trim() === '' || matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
