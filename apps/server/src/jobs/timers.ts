/** Timers the runner waits on. All unref'd: waiting for background work never keeps the process alive. */

/** A pause that `wake()` ends early. */
export function nap(ms: number): { done: Promise<void>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, wake };
}

/** Settles as `work` does, or rejects with `message` after `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when `work` settled within `ms`, false when the time ran out first. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const pause = nap(ms);
  const finished = await Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    pause.done.then(() => false),
  ]);
  pause.wake();
  return finished;
}
