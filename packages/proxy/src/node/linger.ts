/**
 * After answering a request whose body was not read to its end (a 413, a 408, a hook's refusal),
 * closing at once would reset a client still sending (EPIPE), which on Linux loses the answer. Like
 * nginx's lingering close, the rest is read and discarded for a bounded time and amount, then the
 * connection closes, or, when the body did end, stays open for its next request.
 */
import type { IncomingMessage } from 'node:http';

/** Longest a refused body is drained (nginx's lingering_time is 30 s). */
const LINGER_MS = 30_000;
/** A client that sends nothing for this long has stopped (fetch stops sending once it has the answer). */
const IDLE_MS = 2_000;
/** Most bytes drained after a refusal. */
const LINGER_BYTES = 64 * 1024 * 1024;
const CHECK_EVERY_MS = 500;

export function lingerAfterRefusal(req: IncomingMessage): void {
  if (req.complete) return;
  const { socket } = req;
  const startedAt = Date.now();
  const firstByte = socket.bytesRead;
  let lastByte = firstByte;
  let lastProgressAt = startedAt;
  const timer = setInterval(() => {
    const now = Date.now();
    if (socket.bytesRead !== lastByte) {
      lastByte = socket.bytesRead;
      lastProgressAt = now;
    }
    if (now - lastProgressAt >= IDLE_MS || now - startedAt >= LINGER_MS || lastByte - firstByte > LINGER_BYTES) {
      stop();
      socket.destroy();
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    req.off('end', stop);
    socket.off('close', stop);
  };
  req.once('end', stop);
  socket.once('close', stop);
  // Nobody reads the rest any more: let it flow and be discarded.
  req.resume();
}
