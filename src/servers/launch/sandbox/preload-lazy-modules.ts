import { verifyOwnBundle } from '../../../common/dist-digest.js';

/**
 * The modules the harness imports lazily — the model SDKs on the first model request and the
 * o200k ranks for that tokenizer — each a separate chunk of the build's shared `dist/chunks/`,
 * read from disk on first import(). A server that could rewrite one of
 * them before that first import would have its code run inside the harness, next to the job's
 * secrets. The sandbox mounts the host read-only, and besides that every lazily loaded chunk is
 * imported here once, before the first sandboxed server starts: later import()s are answered
 * from the module cache and never read the file again. ~100 ms once per harness process.
 */
let loaded: Promise<void> | undefined;

/**
 * Checks the bundle against the digest recorded at build time (src/common/dist-digest.ts; throws
 * BenchError naming a changed file), then imports every lazily loaded module of the harness;
 * idempotent, never rejects once the check passed.
 */
export function preloadLazyModules(): Promise<void> {
  // A chunk changed since the build (by a server of an earlier run) stops the run here.
  if (loaded === undefined) verifyOwnBundle();
  loaded ??= Promise.allSettled([
    import('@anthropic-ai/sdk'),
    import('openai'),
    import('js-tiktoken/ranks/o200k_base'),
  ]).then(() => undefined);
  return loaded;
}
