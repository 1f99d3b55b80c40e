import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled down more than `offset` pixels. Re-renders only when that
 * changes, and reads the position only when the page scrolls: reading it when the screen mounts
 * would force a layout of the whole page before its first paint.
 */
export function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > offset);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return past;
}
