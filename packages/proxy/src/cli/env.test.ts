/** The environment the bin reads for the image_url rules (issue 15): an allowlist of origins, and private hosts for local use. */
import { UsageError } from '@room-restyler/core/cli';
import { describe, expect, it } from 'vitest';
import { proxyEnv } from './env.js';

describe('proxyEnv', () => {
  it('reads ROOM_PROXY_IMAGE_ORIGINS and ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS', () => {
    expect(proxyEnv({})).toMatchObject({ imageOrigins: undefined, allowPrivateImageUrls: false });
    expect(
      proxyEnv({
        ROOM_PROXY_IMAGE_ORIGINS: 'https://cdn.site.example, https://img.site.example',
        ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS: 'true',
      }),
    ).toMatchObject({ imageOrigins: ['https://cdn.site.example', 'https://img.site.example'], allowPrivateImageUrls: true });
  });

  it('refuses values it cannot read, naming the variable', () => {
    expect(() => proxyEnv({ ROOM_PROXY_IMAGE_ORIGINS: 'ftp://x.example' })).toThrow(UsageError);
    expect(() => proxyEnv({ ROOM_PROXY_IMAGE_ORIGINS: 'ftp://x.example' })).toThrow(/ROOM_PROXY_IMAGE_ORIGINS/);
    expect(() => proxyEnv({ ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS: 'yes please' })).toThrow(/ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS/);
  });

  it('reads the image ports and the networks of the daily-budget share', () => {
    expect(proxyEnv({})).toMatchObject({ imagePorts: undefined, limits: {} });
    expect(
      proxyEnv({ ROOM_PROXY_IMAGE_PORTS: '8443, 8080', ROOM_PROXY_NETWORK_PREFIX_V4: '16', ROOM_PROXY_NETWORK_PREFIX_V6: '56' }),
    ).toMatchObject({ imagePorts: [8443, 8080], limits: { networkPrefixV4: 16, networkPrefixV6: 56 } });
    expect(() => proxyEnv({ ROOM_PROXY_IMAGE_PORTS: '6379x' })).toThrow(/ROOM_PROXY_IMAGE_PORTS/);
    expect(() => proxyEnv({ ROOM_PROXY_NETWORK_PREFIX_V4: '33' })).toThrow(/ROOM_PROXY_NETWORK_PREFIX_V4/);
    expect(() => proxyEnv({ ROOM_PROXY_NETWORK_PREFIX_V6: '/48' })).toThrow(/ROOM_PROXY_NETWORK_PREFIX_V6/);
  });

  it('reads the most styles of a try', () => {
    expect(proxyEnv({ ROOM_PROXY_STYLES_PER_TRY: '3' }).limits).toEqual({ stylesPerTry: 3 });
    expect(() => proxyEnv({ ROOM_PROXY_STYLES_PER_TRY: '1' })).toThrow(/ROOM_PROXY_STYLES_PER_TRY/);
  });

  it('reads ROOM_PROXY_OPERATIONS as operationIds, refusing one the service does not have', () => {
    expect(proxyEnv({}).operations).toBeUndefined();
    expect(proxyEnv({ ROOM_PROXY_OPERATIONS: 'enhance, clearSky,,blurObjects' }).operations).toEqual([
      'enhance',
      'clearSky',
      'blurObjects',
    ]);
    expect(() => proxyEnv({ ROOM_PROXY_OPERATIONS: 'enhance,clear-sky' })).toThrow(UsageError);
    expect(() => proxyEnv({ ROOM_PROXY_OPERATIONS: 'enhance,clear-sky' })).toThrow(/ROOM_PROXY_OPERATIONS: "clear-sky" is no operation/);
  });

  it('reads ROOM_PROXY_PUBLIC_URL as an origin, refusing a path the upload URLs would drop', () => {
    expect(proxyEnv({ ROOM_PROXY_PUBLIC_URL: 'https://www.site.example/' }).publicUrl).toBe('https://www.site.example');
    expect(() => proxyEnv({ ROOM_PROXY_PUBLIC_URL: 'https://www.site.example/room-api' })).toThrow(
      /ROOM_PROXY_PUBLIC_URL must be an origin such as https:\/\/www\.site\.example, without a path/,
    );
  });

  it('reads ROOM_UPLOAD_TOKEN, refusing a short one without echoing it', () => {
    const token = 'an-upload-token-of-32-characters';
    expect(proxyEnv({ ROOM_UPLOAD_TOKEN: token }).uploadToken).toBe(token);
    expect(() => proxyEnv({ ROOM_UPLOAD_TOKEN: 'short-secret' })).toThrow(/ROOM_UPLOAD_TOKEN must be at least 16/);
    expect(() => proxyEnv({ ROOM_UPLOAD_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('reads ROOM_API_BASE_URL as the service documents it (…/api/v1/) or as its origin, refusing a query', () => {
    expect(proxyEnv({ ROOM_API_BASE_URL: 'https://api.bright-shot.com/api/v1/' }).baseUrl).toBe('https://api.bright-shot.com');
    expect(proxyEnv({ ROOM_API_BASE_URL: 'https://gw.example.com/brightshot/' }).baseUrl).toBe('https://gw.example.com/brightshot');
    expect(() => proxyEnv({ ROOM_API_BASE_URL: 'https://api.bright-shot.com?key=x' })).toThrow(
      new UsageError(
        'ROOM_API_BASE_URL must not have a query or fragment: the kit appends paths to it (got "https://api.bright-shot.com?key=x")',
      ),
    );
  });
});
