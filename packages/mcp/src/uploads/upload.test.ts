import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory } from '../../test/support/connect.js';
import { type FakeService, startFakeService } from '../../test/support/fake-service.js';
import { type FakeUpload, startFakeUpload } from '../../test/support/fake-upload.js';

describe('image_path', () => {
  let service: FakeService;
  let upload: FakeUpload;
  let dir: string;
  let photo: string;
  const open: Connected[] = [];
  beforeAll(async () => {
    service = await startFakeService();
    upload = await startFakeUpload();
    dir = await mkdtemp(join(tmpdir(), 'room-mcp-upload-'));
    photo = join(dir, 'empty bedroom.jpg');
    await writeFile(
      photo,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ccbbaa' } })
        .jpeg()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await Promise.all([service.close(), upload.close()]);
    await rm(dir, { recursive: true, force: true });
  });
  const connect = async (uploadUrl?: string) => {
    const mcp = await connectInMemory({ apiKey: 'sim_test_key', baseUrl: service.url, uploadUrl });
    open.push(mcp);
    return mcp.client;
  };

  it('uploads the local photo and stages the uploaded copy', async () => {
    const client = await connect(upload.url);
    const progress: string[] = [];
    const result = await client.callTool(
      { name: 'enhance', arguments: { image_path: photo, mode: 'staging', style: 'scandinavian', room_type: 'bedroom', previews: false } },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? '') },
    );
    expect(result.isError).toBeFalsy();
    expect(upload.uploads).toHaveLength(1);
    expect(upload.uploads[0]?.contentType).toBe('image/jpeg');
    const uploadedUrl = upload.url.replace(/uploads$/, 'uploads/u1');
    expect([...service.jobs.values()][0]?.body).toEqual({
      image_url: uploadedUrl,
      mode: 'staging',
      style: 'scandinavian',
      room_type: 'bedroom',
    });
    expect(result.structuredContent).toMatchObject({ done: true, input_image_url: uploadedUrl });
    expect(progress[0]).toMatch(/^Uploading/);
  });

  it('without an upload target, says to set ROOM_UPLOAD_URL or pass image_url', async () => {
    const client = await connect(undefined);
    const result = await client.callTool({ name: 'enhance', arguments: { image_path: photo } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/set ROOM_UPLOAD_URL .* Alternatively pass image_url/);
  });

  it('explains a missing file or an unsupported type', async () => {
    const client = await connect(upload.url);
    const missing = await client.callTool({ name: 'enhance', arguments: { image_path: join(dir, 'nope.jpg') } });
    expect((missing.content as { text: string }[])[0]?.text).toMatch(/No readable file at image_path/);
    const gif = await client.callTool({ name: 'enhance', arguments: { image_path: join(dir, 'room.gif') } });
    expect((gif.content as { text: string }[])[0]?.text).toMatch(/must be a \.jpg, \.jpeg, \.png or \.webp file/);
  });
});
