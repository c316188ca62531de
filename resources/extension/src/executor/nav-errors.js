// @ts-check
// Firefox reports a failed navigation (webNavigation.onErrorOccurred) as "Error code N", an nsresult; Chrome as a
// net:: name. The rest of the extension and the studio reason on Chrome's names (an abort that another navigation
// may follow, a refused connection that is final), so Firefox's common codes are read as those names, with
// Firefox's own name beside them for the person.

/** nsresult → [Chrome's net:: name, Firefox's name]. */
const FIREFOX_CODES = new Map([
  [2152398850, ['net::ERR_ABORTED', 'NS_BINDING_ABORTED']],
  [2152398861, ['net::ERR_CONNECTION_REFUSED', 'NS_ERROR_CONNECTION_REFUSED']],
  [2152398862, ['net::ERR_TIMED_OUT', 'NS_ERROR_NET_TIMEOUT']],
  [2152398864, ['net::ERR_INTERNET_DISCONNECTED', 'NS_ERROR_OFFLINE']],
  [2152398866, ['net::ERR_UNKNOWN_URL_SCHEME', 'NS_ERROR_UNKNOWN_PROTOCOL']],
  [2152398867, ['net::ERR_UNSAFE_PORT', 'NS_ERROR_PORT_ACCESS_NOT_ALLOWED']],
  [2152398868, ['net::ERR_CONNECTION_RESET', 'NS_ERROR_NET_RESET']],
  [2152398878, ['net::ERR_NAME_NOT_RESOLVED', 'NS_ERROR_UNKNOWN_HOST']],
  [2152398919, ['net::ERR_CONNECTION_CLOSED', 'NS_ERROR_NET_INTERRUPT']],
]);

/**
 * The navigation error in Chrome's terms: a net:: name as it is, a Firefox code as its net:: name with Firefox's
 * (an unknown code as it came).
 * @param {string | undefined | null} error
 * @returns {string}
 */
export function navigationError(error) {
  const text = String(error ?? '');
  const m = /^Error code (\d+)$/.exec(text.trim());
  if (!m) return text;
  const known = FIREFOX_CODES.get(Number(m[1]));
  return known ? `${known[0]} (Firefox: ${known[1]})` : text;
}

/**
 * Whether the error is an abort (another navigation or a download took the tab's load over).
 * @param {string | null | undefined} error
 */
export function isAbort(error) {
  return String(error ?? '').startsWith('net::ERR_ABORTED');
}

/**
 * Firefox's own error pages (a failed connection, a bad certificate, a blocked site), which no extension may read.
 * @param {string | undefined} url
 */
export function isErrorPage(url) {
  return /^about:(neterror|certerror|blocked|httpsonlyerror)\b/.test(String(url ?? ''));
}

/** Firefox's error page kinds (its e= parameter) as Chrome's names. */
const ERROR_PAGES = new Map([
  ['deniedPortAccess', 'net::ERR_UNSAFE_PORT'], ['connectionFailure', 'net::ERR_CONNECTION_REFUSED'],
  ['dnsNotFound', 'net::ERR_NAME_NOT_RESOLVED'], ['netTimeout', 'net::ERR_TIMED_OUT'], ['netReset', 'net::ERR_CONNECTION_RESET'],
  ['netInterrupt', 'net::ERR_CONNECTION_CLOSED'], ['netOffline', 'net::ERR_INTERNET_DISCONNECTED'],
  ['unknownProtocolFound', 'net::ERR_UNKNOWN_URL_SCHEME'], ['nssFailure2', 'net::ERR_SSL_PROTOCOL_ERROR'],
]);

/**
 * What Firefox's error page at {@code url} says went wrong, in Chrome's terms where there is one.
 * @param {string} url
 */
export function errorPageReason(url) {
  let kind = '';
  try {
    kind = new URL(String(url)).searchParams.get('e') || '';
  } catch {
    // not a URL: the kind stays unknown
  }
  const name = ERROR_PAGES.get(kind);
  if (name) return `${name} (Firefox: ${kind})`;
  return `Firefox's error page (${kind || 'unknown'})`;
}
