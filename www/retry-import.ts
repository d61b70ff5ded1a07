// Dynamic imports that a later call can try again after a failed fetch. The HTML standard no longer keeps a
// failed module fetch (whatwg/html#10327), but Chromium (148) still does: a second import() of an address
// whose fetch failed fails at once, without fetching. So when an import fails again, it is retried once by
// the address its failure names (Chromium and Firefox name it), with a query that makes the address new.
// The first try of each call always goes through `load` itself, so what the bundler adds around an import
// (the chunk's style sheets) is fetched as usual.

/** The script address a failed dynamic import's message names, without its query; null when it names none. */
export function failedModuleUrl(err: unknown): string | null {
  const text = err instanceof Error ? err.message : String(err);
  const urls = text.match(/https?:\/\/[^\s'"()<>]+/g);
  if (!urls) return null;
  const url = urls[urls.length - 1].replace(/[.,;:]+$/, '').split(/[?#]/)[0];
  return /\.m?js$/.test(url) ? url : null;
}

/**
 * `load` (one dynamic import) as a function that loads once: the module loaded is kept; after a failure
 * the next call tries again, and if `load` fails at once the way a kept failure does, imports the address
 * the failure names with `?retry=N`. `importFresh` is the platform's import (a parameter for the tests).
 */
export function retryableImport<M>(
  load: () => Promise<M>,
  importFresh: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): () => Promise<M> {
  let loading: Promise<M> | null = null;
  let failures = 0;
  const attempt = async (): Promise<M> => {
    try {
      return await load();
    } catch (err) {
      const url = failures > 0 ? failedModuleUrl(err) : null;
      if (url === null) throw err;
      return (await importFresh(`${url}?retry=${failures}`)) as M;
    }
  };
  return () =>
    (loading ??= attempt().catch((err: unknown) => {
      loading = null;
      failures += 1;
      throw err;
    }));
}
