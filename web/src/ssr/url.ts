/**
 * A small stand-in for the WHATWG URL class, installed only where there is none: the server's
 * JavaScript engine has no URL, and lib/media-url.ts parses the addresses of portfolio videos with
 * it (inside try/catch, so without it every card would silently render as having no video, and
 * the browser's hydration would disagree). It parses absolute addresses only, enough for the
 * questions the page asks while rendering: the host, the path, a query parameter, user and password.
 */
class ServerURL {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly host: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly searchParams: { get(name: string): string | null; has(name: string): boolean };

  constructor(address: string) {
    const match = /^([a-zA-Z][a-zA-Z0-9+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(
      String(address).trim(),
    );
    if (!match) throw new TypeError(`Invalid URL: ${address}`);
    const [, protocol = "", authority = "", path = "", search = "", hash = ""] = match;
    const at = authority.lastIndexOf("@");
    const userInfo = at >= 0 ? authority.slice(0, at) : "";
    const host = (at >= 0 ? authority.slice(at + 1) : authority).toLowerCase();
    if (host === "") throw new TypeError(`Invalid URL: ${address}`);
    const [username = "", password = ""] = userInfo === "" ? [] : userInfo.split(":");
    const portMatch = /:(\d*)$/.exec(host);
    this.protocol = protocol.toLowerCase();
    this.username = username;
    this.password = password;
    this.host = host;
    this.hostname = portMatch ? host.slice(0, portMatch.index) : host;
    this.port = portMatch?.[1] ?? "";
    this.pathname = path === "" ? "/" : path;
    this.search = search === "?" ? "" : search;
    this.hash = hash === "#" ? "" : hash;
    const pairs = this.search
      .slice(1)
      .split("&")
      .filter(Boolean)
      .map((pair) => {
        const [key = "", value = ""] = pair.split("=");
        return [decode(key), decode(value)] as const;
      });
    this.searchParams = {
      get: (name) => pairs.find(([key]) => key === name)?.[1] ?? null,
      has: (name) => pairs.some(([key]) => key === name),
    };
    this.href = `${this.protocol}//${userInfo === "" ? "" : `${userInfo}@`}${host}${this.pathname}${this.search}${this.hash}`;
  }

  toString(): string {
    return this.href;
  }
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}

export function installURL(): void {
  if (typeof (globalThis as { URL?: unknown }).URL === "undefined") {
    (globalThis as unknown as { URL: unknown }).URL = ServerURL;
  }
}
