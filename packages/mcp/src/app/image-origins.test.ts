import { describe, expect, it } from 'vitest';
import { studioImageOrigins } from './image-origins.js';

describe('studioImageOrigins', () => {
  it('names each origin once, the service first, and skips what is not an http(s) URL', () => {
    expect(
      studioImageOrigins({
        baseUrl: 'http://127.0.0.1:4010',
        uploadUrl: 'http://127.0.0.1:8787/api/v1/uploads',
        imageOrigins: ['https://cdn.example.com/a/b.jpg', 'http://127.0.0.1:4010/outputs', 'cdn.example.com', 'data:,x'],
      }),
    ).toEqual(['http://127.0.0.1:4010', 'https://cdn.example.com', 'http://127.0.0.1:8787']);
    expect(studioImageOrigins({})).toEqual([]);
  });
});
