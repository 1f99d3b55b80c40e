/** The part of a data router the wait needs (browser and memory routers alike). */
interface InitialisingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Resolves once the router has loaded its first route's lazy modules: the prerender renders and the
 * client hydrates only then, so that both draw the same screen.
 */
export function routerInitialized(router: InitialisingRouter): Promise<void> {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
