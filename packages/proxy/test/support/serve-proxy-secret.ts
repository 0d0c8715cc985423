/** The secret of a proxy started by serve-proxy.ts without PROXY_SECRET, so tests can sign its visitor cookies. */
export const SERVE_PROXY_SECRET = 'separate-process-secret-0123456789';
