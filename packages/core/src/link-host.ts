/**
 * The host a link really leads to, as a browser reads it (lower case, no port, no user info:
 * `https://otc.example@evil.io` leads to evil.io), for the marks that show it: chat's staff links,
 * news' "leaves the app". A mailto link's host is its address's domain. Null for anything else
 * (`javascript:`, text that is no URL).
 */
export function linkHost(href: string): string | null {
  try {
    const url = new URL(href);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname.toLowerCase() || null;
    if (url.protocol === 'mailto:') {
      const at = url.pathname.lastIndexOf('@');
      return at < 0 ? null : url.pathname.slice(at + 1).toLowerCase() || null;
    }
    return null;
  } catch {
    return null;
  }
}
