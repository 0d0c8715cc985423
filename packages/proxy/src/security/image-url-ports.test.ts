/** SSRF by port: a public host's other services (`example.com:6379`) are not image hosts. */
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const restyle = (imageUrl: string) => h?.visitor().restyle({}, { image_url: imageUrl, style: 'modern' });

describe('image_url ports', () => {
  it('refuses a public host on a port other than the scheme’s own, before any upstream call', async () => {
    h = await startHarness();
    for (const url of [
      'http://photos.example.com:6379/x.jpg',
      'https://photos.example.com:8443/x.jpg',
      'http://photos.example.com:443/x.jpg',
    ])
      expect((await restyle(url))?.json, url).toMatchObject({ code: 'bad_request', field: 'image_url' });
    expect(h.upstream.requests).toHaveLength(0);
    expect((await restyle('https://photos.example.com:443/x.jpg'))?.status).toBe(200);
  });

  it('forwards the ports the site lists in allowedImagePorts', async () => {
    h = await startHarness({ allowedImagePorts: [8443] });
    expect((await restyle('https://photos.example.com:8443/x.jpg'))?.status).toBe(200);
    expect((await restyle('https://photos.example.com:8444/x.jpg'))?.status).toBe(400);
  });
});
