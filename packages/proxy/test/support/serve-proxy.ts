/**
 * A proxy in a process of its own (run through run-node.ts), for tests where the client and the
 * server must not share an event loop: the server then answers and closes while the client is
 * still sending, as across a network. Prints its URL as the first line; stops on SIGTERM.
 */
import { createSharpImageProcessor, startProxyServer } from '../../src/node/index.js';
import { createMemoryUploadStore } from '../../src/uploads/upload-store.js';

const server = await startProxyServer({
  apiKey: 'bs_live_separate_process_key_000000',
  baseUrl: 'http://127.0.0.1:9',
  secret: 'separate-process-secret-0123456789',
  port: 0,
  uploads: { store: createMemoryUploadStore(), processor: createSharpImageProcessor() },
  log: () => {},
});
process.stdout.write(`${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
