/**
 * Downloads the caller's `image_url` with a size cap and a timeout, under the same address rules as
 * the key proxy (core's `checkPublicUrl`): only public http(s) hosts on the scheme's port, checked again on every
 * redirect hop (followed by hand, at most 5) and on the addresses a host name resolves to, so a
 * public URL cannot redirect or resolve into the machine's own network. `allowPrivate` lifts the
 * public-host rule for chosen origins (the simulator's own, the local proxy's uploads) or all
 * (tests). Whatever fails in fetching reads the same to the caller, so the error is no port scanner —
 * except a URL refused for its address, decided before any connection: that one names the flag
 * that lifts the rule, since it is what a developer meets with a photo on their own machine.
 */
import { lookup } from 'node:dns/promises';
import { checkPublicUrl, isPublicAddress, parseIp } from '@room-restyler/core/internal';
import { ImageInputError } from './render.js';

export interface FetchImageLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Origins fetched even on a loopback or private address; `true`: all of them (local tests only). */
  allowPrivate?: boolean | ((origin: string) => boolean);
  /** Ports a public host may be fetched on besides the scheme's own (tests of public names on local ports). */
  ports?: readonly number[];
}

/** One message for every way a fetch fails (refused, unreachable, HTTP error, timeout, redirect loop). */
export const FETCH_FAILED = 'Could not fetch image_url';

const MAX_REDIRECTS = 5;
/** Media types that cannot be an image; anything else (including none) is left to the decoder. */
const NOT_AN_IMAGE = /^(text\/|application\/(json|xml|javascript|xhtml))/i;

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    total += next.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ImageInputError(`image_url is larger than ${maxBytes} bytes`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/** The addresses a host name stands for (the system resolver, as fetch itself uses). */
export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) => (await lookup(host, { all: true })).map(({ address }) => address);

/** The refusal of a URL on a loopback or private host (or a name resolving to one). */
export const privateRefusal = (origin: string) =>
  `image_url ${origin} is a private address; start the simulator with --allow-private-images to fetch it`;

/**
 * Refuses this hop unless it is a public URL whose name resolves to public addresses only, or an
 * allowed origin. Nothing is connected to before it passes, so the refusal says why.
 */
async function checkHop(url: URL, limits: FetchImageLimits, resolve: Resolve): Promise<void> {
  const { allowPrivate } = limits;
  if (url.username !== '' || url.password !== '' || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new ImageInputError(FETCH_FAILED);
  if (allowPrivate === true || (typeof allowPrivate === 'function' && allowPrivate(url.origin))) return;
  // The address first, so a private one is named as such whatever its port.
  if (!checkPublicUrl(url.href, { ports: url.port ? [Number(url.port)] : [] }).ok) throw new ImageInputError(privateRefusal(url.origin));
  // Another port is no private address: it reads like every other fetch failure.
  if (!checkPublicUrl(url.href, { ports: limits.ports }).ok) throw new ImageInputError(FETCH_FAILED);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (parseIp(host)) return;
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new ImageInputError(FETCH_FAILED);
  if (!addresses.every((address) => isPublicAddress(address))) throw new ImageInputError(privateRefusal(url.origin));
}

async function get(url: string, limits: FetchImageLimits, signal: AbortSignal, resolve: Resolve): Promise<Response> {
  let next = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    await checkHop(next, limits, resolve);
    const response = await fetch(next, { signal, redirect: 'manual', headers: { accept: 'image/*' } });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) return response;
    await response.body?.cancel().catch(() => {});
    if (!URL.canParse(location, next)) throw new ImageInputError(FETCH_FAILED);
    next = new URL(location, next);
  }
  throw new ImageInputError(FETCH_FAILED);
}

export async function fetchImage(url: string, limits: FetchImageLimits, signal: AbortSignal, resolve = systemResolve): Promise<Buffer> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const aborted = AbortSignal.any([signal, timeout]);
  let response: Response;
  try {
    response = await get(url, limits, aborted, resolve);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof ImageInputError) throw error;
    throw new ImageInputError(FETCH_FAILED);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new ImageInputError(FETCH_FAILED);
  }
  const type = response.headers.get('content-type') ?? '';
  if (NOT_AN_IMAGE.test(type)) {
    await response.body.cancel().catch(() => {});
    throw new ImageInputError(`image_url is not an image (Content-Type ${type.split(';')[0]})`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limits.maxBytes) {
    await response.body.cancel().catch(() => {});
    throw new ImageInputError(`image_url is larger than ${limits.maxBytes} bytes`);
  }
  try {
    return await readCapped(response.body, limits.maxBytes);
  } catch (error) {
    if (error instanceof ImageInputError) throw error;
    if (signal.aborted) throw signal.reason;
    throw new ImageInputError(FETCH_FAILED);
  }
}
