import type { QuickJSWASMModule } from 'quickjs-emscripten-core';

let loading: Promise<QuickJSWASMModule> | null = null;

const WASM_PAGE_BYTES = 64 * 1024;
/** The variant's own first size of its memory (16 MiB): an imported memory must start there. */
const INITIAL_PAGES = 256;
/**
 * The most memory a program gets. QuickJS's own malloc limit does not hold in this build (it
 * cannot measure its blocks, "malloc_usable_size unavailable"), so the cap is the WebAssembly
 * memory itself: past it malloc fails and QuickJS throws "out of memory".
 */
export const NODE_MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * QuickJS, loaded on first use and then shared by every `node` run. The sync variant's own
 * loader finds its .wasm: from node_modules in Node (CLI, tests), and in the browser from the
 * URL Vite gives `new URL('emscripten-module.wasm', import.meta.url)` in the variant, an asset
 * the app serves, fetched only when this runs.
 */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  loading ??= Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')]).then(([core, variant]) => {
    const maximum = INITIAL_PAGES + NODE_MEMORY_LIMIT_BYTES / WASM_PAGE_BYTES;
    const wasmMemory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum });
    return core.newQuickJSWASMModuleFromVariant(core.newVariant(variant.default, { wasmMemory }));
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Drops the shared module after it failed (a WebAssembly abort leaves it unusable): the next run loads a fresh one. */
export function forgetQuickJS(): void {
  loading = null;
}
