// How this program reaches sharp (libvips): loaded at the first image, not
// with the server, as its addon and libvips are ~20 MB of native code no
// other command needs. It is required through a require made from this
// module's URL: in the checkout that finds node_modules/sharp; in the single
// executable and the MCP bundle, whose module URL is inside the runtime
// directory, the copy the bundle put there (scripts/bundle/bundle.ts), which
// the executable's own require could not reach.
import { createRequire } from 'node:module';
import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;

let loaded: Sharp | null = null;

/** sharp, loaded once; a failure to load is thrown as it is (and tried again next time). */
export async function sharpModule(): Promise<Sharp> {
  if (!loaded) {
    const sharp = createRequire(import.meta.url)('sharp') as Sharp;
    // Images are processed once and stored: libvips' operation cache would only hold memory.
    sharp.cache(false);
    loaded = sharp;
  }
  return loaded;
}
