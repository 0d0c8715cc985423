/** Which of the widget's encodings a request accepts (RFC 9110 `Accept-Encoding`), best first. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Smallest first: what the proxy prefers when the client accepts several. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

export function pickEncoding(header: string | null, available: ReadonlySet<Encoding>): Encoding {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: Encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  return PREFERENCE.find((encoding) => available.has(encoding) && accepts(encoding)) ?? 'identity';
}
