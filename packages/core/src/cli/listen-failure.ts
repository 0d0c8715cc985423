/** What a bin says when its server cannot listen: the address, and what to do (the port is taken, or not ours to use). */
export function listenFailure(error: { code?: string | undefined; message: string }, port: number, host: string): string {
  if (error.code === 'EADDRINUSE') return `port ${port} on ${host} is already in use: stop what listens there or choose another port`;
  if (error.code === 'EACCES') return `port ${port} on ${host} needs privileges this process does not have: choose a port above 1023`;
  return `cannot listen on port ${port} on ${host}: ${error.message}`;
}
