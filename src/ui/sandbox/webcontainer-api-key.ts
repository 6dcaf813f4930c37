/** The key built into this copy of the app (`VITE_WEBCONTAINER_API_KEY` at build time), empty when none. */
export const BUILD_WEBCONTAINER_API_KEY: string = readBuildKey(import.meta.env['VITE_WEBCONTAINER_API_KEY']);

function readBuildKey(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The key WebContainer boots with: the Settings field wins over the build's. */
export function webcontainerApiKey(fromSettings: string, fromBuild: string = BUILD_WEBCONTAINER_API_KEY): string {
  const set = fromSettings.trim();
  return set !== '' ? set : fromBuild.trim();
}
