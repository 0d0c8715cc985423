/**
 * URLs as JSON Schema reads them. `isUri` is the service's documented rule for `image_url`
 * (`format: uri`: an absolute URI); `isHttpUrl` is the kit's stricter rule (an http(s) URL with a
 * host). Core's input schemas and the simulator both use them, so the two cannot drift apart.
 */

/** RFC 3986 characters only (what `format: uri` allows): brackets only around an IPv6 host, checked apart. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]+$/;
const IPV6_HOST = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/]*@)?)\[[0-9A-Fa-f:.]+\]/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** A scheme, then something that is neither a query nor a fragment (RFC 3986 needs a hier-part). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:[^?#]/;
/** A fragment holds no second `#`. */
const SECOND_HASH = /#.*#/;

/** An absolute URI, as JSON Schema's `format: uri` reads it. */
export function isUri(value: string): boolean {
  return (
    SCHEME.test(value) &&
    URI_CHARACTERS.test(value.replace(IPV6_HOST, '$1host')) &&
    !BAD_ESCAPE.test(value) &&
    !SECOND_HASH.test(value) &&
    URL.canParse(value)
  );
}

/** An absolute http(s) URL with a host: the kit's rule for `image_url`. */
export function isHttpUrl(value: string): boolean {
  if (!isUri(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}
