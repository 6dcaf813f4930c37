/**
 * Guest JavaScript (runs inside QuickJS): `URL` and `URLSearchParams` (globals and `node:url`).
 * QuickJS has neither; a URL is parsed by the host's own WHATWG parser (`host.parseUrl`, the
 * same in the browser and in Node), so the guest only keeps the parts and the query in step.
 */
export const GUEST_URL = String.raw`
function formEncode(text) {
  return encodeURIComponent(text).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}
function formDecode(text) {
  const spaced = text.replace(/\+/g, ' ');
  try { return decodeURIComponent(spaced); } catch (err) { return spaced; }
}
class URLSearchParams {
  constructor(init) {
    this._list = [];
    this._url = null;
    if (init === undefined || init === null) return;
    if (typeof init === 'string') this._parse(init);
    else if (init instanceof URLSearchParams) this._list = init._list.map(([k, v]) => [k, v]);
    else if (typeof init[Symbol.iterator] === 'function') for (const [k, v] of init) this._list.push([String(k), String(v)]);
    else for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
  }
  _parse(text) {
    this._list = [];
    for (const part of text.replace(/^\?/, '').split('&')) {
      if (!part) continue;
      const at = part.indexOf('=');
      this._list.push(at === -1 ? [formDecode(part), ''] : [formDecode(part.slice(0, at)), formDecode(part.slice(at + 1))]);
    }
  }
  _changed() { if (this._url) this._url._setSearchFromParams(this.toString()); }
  get size() { return this._list.length; }
  append(name, value) { this._list.push([String(name), String(value)]); this._changed(); }
  delete(name, value) { this._list = this._list.filter(([k, v]) => k !== String(name) || (value !== undefined && v !== String(value))); this._changed(); }
  get(name) { const found = this._list.find(([k]) => k === String(name)); return found ? found[1] : null; }
  getAll(name) { return this._list.filter(([k]) => k === String(name)).map(([, v]) => v); }
  has(name, value) { return this._list.some(([k, v]) => k === String(name) && (value === undefined || v === String(value))); }
  set(name, value) {
    const key = String(name);
    const at = this._list.findIndex(([k]) => k === key);
    if (at === -1) this._list.push([key, String(value)]);
    else this._list = this._list.filter(([k], i) => k !== key || i === at).map((entry, i) => (i === at ? [key, String(value)] : entry));
    this._changed();
  }
  sort() { this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); this._changed(); }
  forEach(fn, thisArg) { for (const [k, v] of this._list) fn.call(thisArg, v, k, this); }
  keys() { return this._list.map(([k]) => k)[Symbol.iterator](); }
  values() { return this._list.map(([, v]) => v)[Symbol.iterator](); }
  entries() { return this._list.map(([k, v]) => [k, v])[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  toString() { return this._list.map(([k, v]) => formEncode(k) + '=' + formEncode(v)).join('&'); }
  [INSPECT_CUSTOM]() { return 'URLSearchParams {' + (this._list.length ? ' ' + this._list.map(([k, v]) => quoteString(k) + ' => ' + quoteString(v)).join(', ') + ' ' : '') + '}'; }
}
const URL_PARTS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
function invalidUrl(input) {
  const err = new TypeError('Invalid URL');
  err.code = 'ERR_INVALID_URL';
  err.input = input;
  return err;
}
class URL {
  constructor(input, base) {
    const parsed = host.parseUrl(String(input), base === undefined ? null : String(base));
    if (parsed === null) throw invalidUrl(String(input));
    this._parts = JSON.parse(parsed);
    this._params = new URLSearchParams(this._parts.search);
    this._params._url = this;
  }
  static canParse(input, base) { return host.parseUrl(String(input), base === undefined ? null : String(base)) !== null; }
  _setPart(part, value) {
    const changed = host.setUrlPart(this._parts.href, part, String(value));
    if (changed === null) { if (part === 'href') throw invalidUrl(String(value)); return; }
    this._parts = JSON.parse(changed);
    if (part === 'href' || part === 'search') { this._params._parse(this._parts.search); }
  }
  _setSearchFromParams(query) { this._setPart('search', query); }
  get searchParams() { return this._params; }
  toString() { return this._parts.href; }
  toJSON() { return this._parts.href; }
  [INSPECT_CUSTOM]() { return 'URL { ' + URL_PARTS.map((p) => p + ': ' + quoteString(this._parts[p])).join(', ') + ' }'; }
}
for (const part of URL_PARTS) {
  Object.defineProperty(URL.prototype, part, {
    get() { return this._parts[part]; },
    set: part === 'origin' ? undefined : function (value) { this._setPart(part, value); },
    enumerable: true,
    configurable: true,
  });
}
function fileURLToPath(url) {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  if (parsed.protocol !== 'file:') throw nodeError(Object.assign(new TypeError('The URL must be of scheme file'), { code: 'ERR_INVALID_URL_SCHEME' }));
  return decodeURIComponent(parsed.pathname);
}
function pathToFileURL(p) { return new URL('file://' + encodeURI(path.resolve(String(p))).replace(/[?#]/g, encodeURIComponent)); }
const urlModule = { URL, URLSearchParams, fileURLToPath, pathToFileURL, format: (u) => String(u) };
`;
