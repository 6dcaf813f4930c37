import type { QuickJSWASMModule } from 'quickjs-emscripten-core';

let loading: Promise<QuickJSWASMModule> | null = null;

/**
 * QuickJS, loaded on first use and then shared by every `node` run. The sync variant's own
 * loader finds its .wasm: from node_modules in Node (CLI, tests), and in the browser from the
 * URL Vite gives `new URL('emscripten-module.wasm', import.meta.url)` in the variant, an asset
 * the app serves, fetched only when this runs.
 */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  loading ??= Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')]).then(([core, variant]) =>
    core.newQuickJSWASMModuleFromVariant(variant.default),
  );
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Drops the shared module after it failed (a WebAssembly abort leaves it unusable): the next run loads a fresh one. */
export function forgetQuickJS(): void {
  loading = null;
}
