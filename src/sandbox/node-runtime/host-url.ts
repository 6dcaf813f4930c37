/** The parts of a URL the guest's `URL` shows (guest-url.ts); the host's WHATWG parser makes them. */
export interface UrlParts {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

const SETTABLE = new Set(['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']);

function partsOf(url: URL): UrlParts {
  const { href, origin, protocol, username, password, host, hostname, port, pathname, search, hash } = url;
  return { href, origin, protocol, username, password, host, hostname, port, pathname, search, hash };
}

/** `new URL(input, base)` as the guest asked for it; null where the host's parser throws "Invalid URL". */
export function parseUrl(input: string, base: string | undefined): UrlParts | null {
  try {
    return partsOf(new URL(input, base));
  } catch {
    return null;
  }
}

/** The URL after `url[part] = value` (a value the parser ignores leaves it as it was); null for an invalid href. */
export function setUrlPart(href: string, part: string, value: string): UrlParts | null {
  if (!SETTABLE.has(part)) return null;
  try {
    const url = new URL(href);
    (url as unknown as Record<string, string>)[part] = value;
    return partsOf(url);
  } catch {
    return null;
  }
}
