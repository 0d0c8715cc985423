/**
 * Arguments that do not match a tool's schema get the tool's own error — text and the structured
 * content its output schema promises (the SDK client checks it) — and start nothing.
 */
import { describe, expect, it } from 'vitest';
import { connectedToFakeService } from '../../test/support/fake-service.js';

describe('arguments that do not match the schema', () => {
  const { service, mcp } = connectedToFakeService();

  const CALLS: [string, Record<string, unknown>, RegExp, Record<string, unknown>][] = [
    ['restyle', { image_url: 'ftp://example.com/a.jpg', style: 'modern' }, /image_url: /, { request_id: '', status: 'not_started' }],
    ['enhance', { image_url: 'https://example.com/a.jpg', mode: 'paint-it-pink' }, /mode: /, { request_id: '', status: 'not_started' }],
    ['prediction', { id: '' }, /id: id must not be empty/, { request_id: '', done: false }],
    ['recent_jobs', { limit: 0 }, /limit: /, { session_jobs: [] }],
    ['save_images', { id: 'job_1', folder: '' }, /folder: /, { request_id: '', saved: [] }],
  ];

  for (const [name, args, problem, shape] of CALLS)
    it(`${name}: says what does not match, with its structured error, and starts nothing`, async () => {
      const result = await mcp().client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      const text = (result.content as { text: string }[])[0]?.text ?? '';
      expect(text).toMatch(/^The arguments do not match this tool's schema: /);
      expect(text).toMatch(problem);
      expect(result.structuredContent).toMatchObject({ ...shape, error: { code: 'invalid_input', retryable: false } });
      expect(service().jobs.size).toBe(0);
    });
});
