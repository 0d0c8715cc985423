/**
 * The headers of one request: the client's, the call's, the operation's own, later layers winning
 * whatever the case of the names; with a key, `Authorization: Bearer <key>`. A client with a key
 * refuses an `Authorization` of its own: sending both (joined) gets a 401, and silently keeping
 * one of them would hide which key the caller meant.
 */
export type HeaderLayer = Readonly<Record<string, string>> | undefined;

export function requestHeaders(apiKey: string | undefined, layers: readonly HeaderLayer[]): Headers {
  const headers = new Headers();
  for (const layer of layers) for (const [name, value] of Object.entries(layer ?? {})) headers.set(name, value);
  if (apiKey) headers.set('authorization', `Bearer ${apiKey}`);
  return headers;
}

/** Throws when `headers` (named `where` in the message) would give a client with a key a second credential. */
export function refuseSecondCredential(apiKey: string | undefined, headers: HeaderLayer, where: string): void {
  if (apiKey && Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization'))
    throw new TypeError(
      `${where} has an Authorization header, but apiKey is set and is sent as "Authorization: Bearer <apiKey>". Remove one of them.`,
    );
}
