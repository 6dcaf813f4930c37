/** The fragment key a shared session travels under: `#session=…` (a fragment never reaches a server). */
export const SHARE_FRAGMENT_KEY = 'session';
/** Past this, a link is too long to paste reliably: the page offers the file instead. */
export const SHARE_LINK_LIMIT_BYTES = 32 * 1024;

/** A link's full address: the public address (without its own fragment) and the session fragment. */
export function shareLinkFor(publicAddress: string, encoded: string): string {
  const base = publicAddress.split('#', 1)[0] ?? publicAddress;
  return `${base}#${SHARE_FRAGMENT_KEY}=${encoded}`;
}

/** The encoded session in a URL fragment (`#session=…`), or null when the fragment holds none. */
export function sessionInFragment(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const prefix = `${SHARE_FRAGMENT_KEY}=`;
  return fragment.startsWith(prefix) ? fragment.slice(prefix.length) : null;
}
