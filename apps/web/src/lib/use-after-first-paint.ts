import { useEffect, useState } from 'react';

/**
 * False in the first render, true from the task after the browser has painted it (the next frame,
 * then a task); `already` skips the wait. For what may wait until the page's first paint.
 *
 * Not `useDeferredValue(true, false)`: its second render is a transition, which waits for anything
 * in the tree that suspends (a lazy chunk) and yields to other updates, so data that arrived
 * meanwhile could still render with the flag false.
 */
export function useAfterFirstPaint(already = false): boolean {
  const [painted, setPainted] = useState(already);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
