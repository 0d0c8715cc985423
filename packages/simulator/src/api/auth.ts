/** Reads `Authorization: Bearer <key>`; anything else is no key at all. */
export function bearerKey(header: string | undefined): string | undefined {
  return header ? /^Bearer +(\S+) *$/i.exec(header)?.[1] : undefined;
}
