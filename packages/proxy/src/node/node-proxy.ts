/**
 * `createRoomProxy` as `@room-restyler/proxy/node` exports it: the fetch-standard proxy with Node's
 * defaults, so the short snippet works as pasted — the widget of the `@room-restyler/element`
 * installed next to the proxy, and image uploads on local disk (the OS temp folder, bounded as
 * `createNodeUploads` says) when sharp is installed. Without sharp, uploads are off and one
 * start-up line says why; `widget: false` / `uploads: false` turn either off.
 */
import { createRequire } from 'node:module';
import { jsonLinesLogger, type Logger } from '../log.js';
import type { RoomProxyOptions, UploadsOptions } from '../options.js';
import { createRoomProxy as createPortableProxy, type RoomProxy } from '../proxy.js';
import { createNodeUploads, type NodeUploadsOptions } from './disk-upload-store.js';
import { elementWidget } from './element-widget.js';

export interface NodeRoomProxyOptions extends Omit<RoomProxyOptions, 'uploads'> {
  /** Default: disk + sharp when sharp is installed (`NodeUploadsOptions` tune them), off otherwise; `false`: off. */
  uploads?: UploadsOptions | NodeUploadsOptions | false | undefined;
}

export const SHARP_MISSING =
  'image uploads are off: sharp is not installed, so visitors cannot use their own photos (npm install sharp next to @room-restyler/proxy; uploads: false silences this)';

const resolveFromProxy = createRequire(import.meta.url).resolve;

/** The uploads to serve; `resolve` finds a package as Node does from here (a test can pretend sharp is missing). */
export function nodeUploads(
  given: NodeRoomProxyOptions['uploads'],
  log: Logger,
  resolve: (specifier: string) => string = resolveFromProxy,
): UploadsOptions | false {
  if (given === false || (given && 'store' in given)) return given;
  try {
    resolve('sharp');
  } catch {
    log({ level: 'warn', msg: SHARP_MISSING });
    return false;
  }
  return createNodeUploads(given ?? {});
}

export function createRoomProxy(options: NodeRoomProxyOptions): RoomProxy {
  return createPortableProxy({
    ...options,
    widget: options.widget ?? elementWidget(),
    uploads: nodeUploads(options.uploads, options.log ?? jsonLinesLogger),
  });
}
