import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolledPast } from './use-scrolled-past';

function scrollTo(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  window.dispatchEvent(new Event('scroll'));
}

describe('useScrolledPast', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the scroll past the offset, starting unscrolled without reading the position', () => {
    const read = vi.spyOn(window, 'scrollY', 'get');
    const { result } = renderHook(() => useScrolledPast(200));
    expect(result.current).toBe(false);
    expect(read).not.toHaveBeenCalled();
    act(() => scrollTo(150));
    expect(result.current).toBe(false);
    act(() => scrollTo(250));
    expect(result.current).toBe(true);
    act(() => scrollTo(900));
    expect(result.current).toBe(true);
    act(() => scrollTo(0));
    expect(result.current).toBe(false);
  });
});
