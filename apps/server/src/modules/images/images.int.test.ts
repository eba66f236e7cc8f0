import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../../test/helper.ts';
import { decompressionBombPng, makeImage, multipartBody } from '../../test/images.ts';

describe('POST /api/image', () => {
  let t: TestApp;
  let admin: { token: string };
  const upload = (filename: string, contentType: string, content: Buffer, field = 'image') => {
    const { payload, headers } = multipartBody(field, filename, contentType, content);
    return t.app.inject({ method: 'POST', url: '/api/image', payload, headers: { ...headers, ...bearer(admin) } });
  };
  const stored = () => t.db.$count(images);

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' });
    admin = await signIn(t, 'boss@clinic.test', 'admin-password');
  });
  afterAll(() => t.close());

  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('accepts a real %s and serves it back as a small WebP', async (format) => {
    const res = await upload(`photo.${format}`, `image/${format}`, await makeImage(format, 1600, 1200));
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json<{ success: boolean; data: { url: string } }>();
    expect(success).toBe(true);
    expect(data.url).toMatch(/^\/api\/image\/[0-9a-f-]{36}$/);

    const served = await t.app.inject(data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(Math.max(metadata.width!, metadata.height!)).toBe(512);
  });

  it('recognises the type by content, not by the name: a JPEG called .png is fine', async () => {
    const res = await upload('photo.png', 'image/png', await makeImage('jpeg', 300, 300));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a text file renamed .png, and stores nothing', async () => {
    const before = await stored();
    const res = await upload('notes.png', 'image/png', Buffer.from('these are not pixels\n'.repeat(50)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { image: [expect.any(String)] } });
    expect(await stored()).toBe(before);
  });

  it('refuses an image type it does not take (SVG), and stores nothing', async () => {
    const before = await stored();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await upload('x.svg', 'image/svg+xml', svg);
    expect(res.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('refuses a 20 MB file with a 413, and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([await makeImage('png', 64, 64), Buffer.alloc(20 * 1024 * 1024, 1)]);
    const res = await upload('huge.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(await stored()).toBe(before);
  });

  it('refuses a small PNG that claims 100,000 x 100,000 pixels (a decompression bomb)', async () => {
    const before = await stored();
    const bomb = decompressionBombPng();
    expect(bomb.length).toBeLessThan(2000);
    const res = await upload('bomb.png', 'image/png', bomb);
    expect(res.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('asks for the file in the field `image`', async () => {
    const res = await upload('photo.png', 'image/png', await makeImage('png', 10, 10), 'photo');
    expect(res.statusCode).toBe(400);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/image', headers: bearer(admin), payload: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('answers malformed multipart with a 400 problem, and stores nothing', async () => {
    const before = await stored();
    const { payload } = multipartBody('image', 'photo.png', 'image/png', await makeImage('png', 10, 10));
    const boundary = 'x-boundary-1234';
    const cases: { name: string; contentType: string; body: Buffer | string }[] = [
      { name: 'no boundary', contentType: 'multipart/form-data', body: payload as Buffer },
      { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: payload as Buffer },
      {
        name: 'a body cut short',
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
      },
      {
        name: 'a part without headers',
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\ngarbage without a blank line`,
      },
      { name: 'no parts at all', contentType: `multipart/form-data; boundary=${boundary}`, body: 'not multipart at all' },
    ];
    for (const { name, contentType, body } of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/image', headers: { ...bearer(admin), 'content-type': contentType }, payload: body });
      expect(res.statusCode, name).toBe(400);
      expect(res.headers['content-type'], name).toMatch(/^application\/problem\+json/);
      expect(res.json(), name).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect(await stored()).toBe(before);
  });

  it('answers an unknown image id with a 404', async () => {
    expect((await t.app.inject('/api/image/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject('/api/image/nope')).statusCode).toBe(404);
  });
});
