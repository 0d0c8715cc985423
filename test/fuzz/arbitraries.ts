/** fast-check generators of hostile requests: odd paths, bodies, headers and image uploads. */
import fc from 'fast-check';

const pathChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_.~%/\\:@!$&'()*+,;=?#[]".split(''));

/** Request-targets near the real routes: traversal, encoded slashes, absolute URLs, junk. */
export const hostilePath = fc.oneof(
  fc.constantFrom(
    '/api/v1/me',
    '/api/v1/../v1/me',
    '/api/v1/%2e%2e/me',
    '/api/v1/prediction/..%2F..%2Fme',
    '/api/v1/prediction/a%2Fb',
    '//evil.example/api/v1/restyle',
    'http://evil.example/api/v1/restyle',
    '/api/v1/restyle/../../admin',
    '/api//v1/restyle',
    '/%00',
    '/api/v1/prediction/',
    '/api/v1/uploads/../../etc/passwd',
  ),
  fc
    .tuple(
      fc.constantFrom('/api/v1/', '/api/v1/prediction/', '/api/v1/uploads/', '/', '/healthz/'),
      fc.string({ unit: pathChar, maxLength: 60 }),
    )
    .map(([a, b]) => a + b),
);

export const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND');

/** JSON-ish bodies: arbitrary JSON values, near-valid generation bodies, and broken text. */
export const hostileBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        image_url: fc.oneof(
          fc.webUrl(),
          fc.string(),
          fc.constant('file:///etc/passwd'),
          fc.constant('http://169.254.169.254/latest/meta-data'),
          fc.integer(),
        ),
        style: fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null)),
        room_type: fc.oneof(fc.string({ maxLength: 80 }), fc.array(fc.string())),
        mode: fc.oneof(fc.string({ maxLength: 80 }), fc.boolean()),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"image_url":',
    '\u0000\u0001',
    '[]',
    'null',
    `{"image_url":"https://x.example/a.jpg","style":"${'a'.repeat(5_000)}"}`,
  ),
);

const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,24}$/);
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,80}$/).map((s) => s.trim());

/** Headers a hostile client might send, including ones the proxy must never forward or trust. */
export const hostileHeaders = fc
  .record(
    {
      authorization: fc.constantFrom('Bearer attacker', 'Basic Zm9vOmJhcg==', ''),
      'x-forwarded-for': fc.oneof(fc.ipV4(), fc.constant('1.1.1.1, 2.2.2.2'), headerValue),
      'x-forwarded-host': headerValue,
      'idempotency-key': headerValue,
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'multipart/form-data; boundary=x',
        'image/jpeg',
        'application/json; charset=utf-16',
      ),
      cookie: fc.oneof(
        fc.constant('rr_visitor=forged.value'),
        headerValue.map((v) => `rr_visitor=${v}`),
      ),
      origin: fc.oneof(fc.webUrl(), fc.constant('null')),
    },
    { requiredKeys: [] },
  )
  .chain((known) => fc.dictionary(token, headerValue, { maxKeys: 4 }).map((extra) => ({ ...extra, ...known })));

const JPEG_SOI = [0xff, 0xd8, 0xff, 0xe0];
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Upload bodies: random bytes, truncated/forged images, and polyglots (an image header on a script). */
export const hostileUpload = fc.record({
  contentType: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'text/html', 'application/octet-stream'),
  body: fc.oneof(
    fc.uint8Array({ maxLength: 2_048 }),
    fc.uint8Array({ maxLength: 1_024 }).map((tail) => Uint8Array.from([...JPEG_SOI, ...tail])),
    fc.uint8Array({ maxLength: 1_024 }).map((tail) => Uint8Array.from([...PNG_SIG, ...tail])),
    fc.constant(Uint8Array.from([...JPEG_SOI, ...new TextEncoder().encode('<script>alert(1)</script>')])),
    fc.constant(new Uint8Array(0)),
  ),
});
