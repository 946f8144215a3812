// Turns a WHATWG URL into plain request options, the way `request` and `get` accept a URL in place of options.

/** The request options a URL stands for. */
export interface UrlOptions {
  protocol: string;
  hostname: string;
  hash: string;
  search: string;
  pathname: string;
  path: string;
  href: string;
  port?: number;
  auth?: string;
}

/**
 * Converts a URL into request options. Credentials in the URL are URI-decoded into `auth` (`user:password`), since
 * the URL keeps them percent-encoded; IPv6 hosts lose their brackets, which a socket address must not carry.
 * @param url the URL to convert.
 * @returns the options, ready to be merged with explicit ones.
 * @throws URIError when the credentials hold a malformed percent-escape.
 * @example
 * urlToOptions(new URL('https://a%20b:c@localhost:8443/x?y')).auth; // 'a b:c'
 */
export function urlToOptions(url: URL): UrlOptions {
  const { hostname } = url;
  const options: UrlOptions = {
    protocol: url.protocol,
    hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
    hash: url.hash,
    search: url.search,
    pathname: url.pathname,
    path: `${url.pathname}${url.search}`,
    href: url.href,
  };
  if (url.port !== '') options.port = Number(url.port);
  if (url.username !== '' || url.password !== '') {
    options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  }
  return options;
}
