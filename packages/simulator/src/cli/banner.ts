/** What the CLI prints on start: the contract line first, then a copy-paste walkthrough. */

/** Quotes for a POSIX shell. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function banner(url: string, keys: readonly string[], credits: number, latency: { min: number; max: number }, seed: number): string {
  const key = keys[0] ?? '';
  const auth = shellQuote(`Authorization: Bearer ${key}`);
  const body = shellQuote(JSON.stringify({ image_url: `${url}/__simulator/samples/furnished-room.jpg`, style: 'japandi' }));
  return [
    `simulator listening on ${url}`,
    `API key${keys.length > 1 ? 's' : ''}: ${keys.join(', ')} (${credits} credits a month each) · latency ${latency.min}-${latency.max} ms · seed ${seed}`,
    '',
    'Try it (the simulator serves a sample room photo itself):',
    `  curl -s -X POST ${url}/api/v1/restyle -H ${auth} -H 'Content-Type: application/json' \\`,
    `    -d ${body}`,
    `  curl -s ${url}/api/v1/prediction/REQUEST_ID -H ${auth}`,
    '  # when "status" is "succeeded", open the URL in "output"',
    '',
  ].join('\n');
}
