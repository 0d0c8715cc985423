// Listens on the wished port, or, when another program has it, on a free one (said on stderr).
export async function listen(server, port, host) {
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (error) {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(`Port ${port} is in use; the demo takes a free port instead.`);
    await new Promise((resolve) => server.listen(0, host, resolve));
  }
  return server.address().port;
}
