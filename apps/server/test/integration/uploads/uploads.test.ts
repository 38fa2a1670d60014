import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import { UPLOAD_MAX_BYTES } from '@otc/protocol/uploads/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOwnUpload } from '../../../src/uploads/index.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, count, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { HTML, hasGpsPointer, jpeg, jpegWithGps, PDF, png, pngClaiming, SCRIPT, webp } from './images.ts';

interface Answer {
  status: number;
  body: { code: number; msg: string; data: { id?: string; error?: string; field?: string } };
}

describe.each(DATABASES)('uploads on %s', (kind) => {
  let s: TestServer;
  let me: Session;
  let other: Session;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    me = await registerUser(s);
    other = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  /** The upload call as a browser's FormData sends it: the name and type are the client's claim. */
  async function upload(
    bytes: Uint8Array,
    opts: { name?: string; type?: string; purpose?: string | null; token?: string; lang?: string } = {},
  ): Promise<Answer> {
    const form = new FormData();
    if (opts.purpose !== null) form.append('purpose', opts.purpose ?? 'kyc');
    form.append('file', new Blob([bytes], { type: opts.type ?? 'image/png' }), opts.name ?? 'photo.png');
    const token = opts.token ?? me.token;
    const res = await fetch(`${s.url}/api/common/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': opts.lang ?? 'en' },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }

  const read = (path: string, token: string, lang = 'en') =>
    fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

  async function stored(a: Answer): Promise<{ bytes: Buffer; type: string | null; res: Response }> {
    expect(a.body.code, JSON.stringify(a.body)).toBe(200);
    const res = await read(`/api/common/upload/${a.body.data.id}`, me.token);
    expect(res.status).toBe(200);
    return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type'), res };
  }

  /** A refusal: its key, under `file`, its message in English and German, and no row written. */
  async function refused(bytes: Uint8Array, key: string, en: string, de: string, name = 'photo.png') {
    const before = await count(s.db, 'uploads');
    const inEnglish = await upload(bytes, { name });
    expect(inEnglish.status).toBe(400);
    expect(inEnglish.body.data).toMatchObject({ error: key, field: 'file' });
    expect(inEnglish.body.msg).toBe(en);
    const inGerman = await upload(bytes, { name, lang: 'de' });
    expect(inGerman.body.msg).toBe(de);
    expect(await count(s.db, 'uploads')).toBe(before);
  }

  it('accepts a JPEG, a PNG and a WebP, and serves each with its type to its owner', async () => {
    for (const [bytes, type] of [
      [await jpeg(), 'image/jpeg'],
      [await png(), 'image/png'],
      [await webp(), 'image/webp'],
    ] as const) {
      const { bytes: served, type: servedType, res } = await stored(await upload(bytes));
      expect(servedType).toBe(type);
      expect(res.headers.get('cache-control')).toContain('private');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(served).metadata();
      expect([meta.width, meta.height]).toEqual([24, 16]);
    }
  });

  it('accepts a PNG named .jpg and sent as image/jpeg: the content decides, and it stays a PNG', async () => {
    const { type } = await stored(await upload(await png(), { name: 'photo.jpg', type: 'image/jpeg' }));
    expect(type).toBe('image/png');
  });

  it('refuses a PDF named .png and an HTML file named .png, storing nothing', async () => {
    const en = 'Only JPEG, PNG or WebP images can be uploaded.';
    const de = 'Sie können nur JPEG-, PNG- oder WebP-Bilder hochladen.';
    await refused(PDF, 'upload_type_unsupported', en, de);
    await refused(HTML, 'upload_type_unsupported', en, de);
  });

  it('refuses a file that starts like a PNG but is not a valid image', async () => {
    const fake = Buffer.concat([(await png()).subarray(0, 8), Buffer.from('not really an image at all')]);
    await refused(
      fake,
      'upload_invalid_image',
      'The file is not a valid image.',
      'Die Datei ist kein gültiges Bild.',
    );
  });

  it('refuses an image whose header claims more than 40 megapixels (a decompression bomb), before decoding it', async () => {
    await refused(
      await pngClaiming(10_000, 5_000),
      'upload_too_many_pixels',
      'The image has too many pixels: 40 megapixels at most.',
      'Das Bild hat zu viele Pixel: höchstens 40 Megapixel.',
    );
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with a clear message, storing nothing', async () => {
    const image = await png();
    // A valid PNG padded after its end: a decoder reads the image and ignores the rest.
    const pad = (size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);
    const exactly = pad(UPLOAD_MAX_BYTES);
    expect(exactly.length).toBe(5 * 1024 * 1024);
    const { bytes } = await stored(await upload(exactly));
    expect(bytes.length).toBeLessThan(10_000);
    await refused(
      pad(UPLOAD_MAX_BYTES + 1),
      'upload_too_large',
      'The file is too large: 5 MB at most.',
      'Die Datei ist zu groß: höchstens 5 MB.',
    );
  });

  it('stores a polyglot (a valid PNG with a script appended) without the script', async () => {
    const polyglot = Buffer.concat([await png(), Buffer.from(SCRIPT)]);
    const { bytes, type } = await stored(await upload(polyglot, { name: 'x.html' }));
    expect(type).toBe('image/png');
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect(bytes.includes(Buffer.from('alert'))).toBe(false);
  });

  it('drops EXIF (GPS, camera) from a JPEG and turns it upright by its orientation', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from('Spy 3000'))).toBe(true);
    expect(hasGpsPointer(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);
    const { bytes } = await stored(await upload(original, { name: 'me.jpg', type: 'image/jpeg' }));
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Spy 3000'))).toBe(false);
    // 40 x 20 on its side reads 20 x 40 once upright.
    expect([after.width, after.height]).toEqual([20, 40]);
  });

  it('refuses a form without a purpose, or with an unknown one, under that field', async () => {
    const before = await count(s.db, 'uploads');
    const missing = await upload(await png(), { purpose: null });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ error: 'field_required', field: 'purpose' });
    const unknown = await upload(await png(), { purpose: 'passport_scan', lang: 'de' });
    expect(unknown.body.data).toMatchObject({ error: 'field_invalid', field: 'purpose' });
    expect(await count(s.db, 'uploads')).toBe(before);
  });

  it('refuses a request with no file, and one without a session', async () => {
    const noFile = await s.api('/api/common/upload', { purpose: 'kyc' }, { token: me.token });
    expect(noFile.status).toBe(400);
    expect(noFile.body.data).toMatchObject({ error: 'field_required', field: 'file' });
    const anonymous = await fetch(`${s.url}/api/common/upload`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });

  it('serves an upload to its owner only: another user and a bad id get the same not found', async () => {
    const mine = await upload(await png());
    const id = mine.body.data.id as string;
    const theirs = await read(`/api/common/upload/${id}`, other.token);
    const missing = await read('/api/common/upload/00000000-0000-4000-8000-000000000000', other.token);
    const malformed = await read('/api/common/upload/..%2F1', other.token);
    for (const res of [theirs, missing, malformed]) {
      expect(res.status).toBe(404);
      const body = (await res.json()) as Answer['body'];
      expect(body).toMatchObject({
        code: 404,
        msg: 'This image was not found.',
        data: { error: 'upload_not_found' },
      });
    }
    const inGerman = await read(`/api/common/upload/${id}`, other.token, 'de');
    expect(((await inGerman.json()) as Answer['body']).msg).toBe('Dieses Bild wurde nicht gefunden.');
    const anonymous = await fetch(`${s.url}/api/common/upload/${id}`);
    expect(anonymous.status).toBe(401);
  });

  it('lets a demo user upload too', async () => {
    const { type } = await (async () => {
      const a = await upload(await webp(), { token: other.token, purpose: 'avatar' });
      expect(a.body.code).toBe(200);
      const res = await read(`/api/common/upload/${a.body.data.id}`, other.token);
      return { type: res.headers.get('content-type') };
    })();
    expect(type).toBe('image/webp');
  });

  it('tells areas whether an id is the user’s own upload of that purpose (findOwnUpload)', async () => {
    const id = (await upload(await png(), { purpose: 'kyc' })).body.data.id as string;
    expect(await findOwnUpload(s.db, id, me.user.id, 'kyc')).toEqual({ id });
    expect(await findOwnUpload(s.db, id, me.user.id, 'avatar')).toBeUndefined();
    expect(await findOwnUpload(s.db, id, other.user.id, 'kyc')).toBeUndefined();
    expect(await findOwnUpload(s.db, 'not-a-uuid', me.user.id, 'kyc')).toBeUndefined();
  });

  it('shows an upload in the back office to the roles its purpose allows', async () => {
    const operator = async (email: string, role: string) => {
      const created = await s.api(
        '/api/admin/operators',
        { email, password: 'Operator-1234', role },
        { token: admin },
      );
      expect(created.body.code).toBe(200);
      return (await s.api<AdminSession>('/api/admin/login', { email, password: 'Operator-1234' })).body.data
        .token;
    };
    const reviewer = await operator('uploads-reviewer@test.local', 'reviewer');
    const support = await operator('uploads-support@test.local', 'support');
    const kyc = (await upload(await jpeg(), { purpose: 'kyc' })).body.data.id as string;
    const avatar = (await upload(await png(), { purpose: 'avatar' })).body.data.id as string;

    const byReviewer = await read(`/api/admin/uploads/${kyc}`, reviewer);
    expect(byReviewer.status).toBe(200);
    expect(byReviewer.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await byReviewer.arrayBuffer())).metadata()).format).toBe('jpeg');

    const bySupport = await read(`/api/admin/uploads/${kyc}`, support);
    expect(bySupport.status).toBe(403);
    expect(await bySupport.json()).toMatchObject({
      msg: 'You do not have permission to do this.',
      data: { error: 'forbidden' },
    });
    expect((await read(`/api/admin/uploads/${avatar}`, support)).status).toBe(200);
    // Each read an operator was allowed is on record, the refused one is not.
    const reads = await s.db.query<{ target: string; detail: { upload: string; purpose: string } }>(
      `SELECT target, detail FROM audit_log WHERE action = 'upload.read' AND detail->>'upload' = ANY($1::text[]) ORDER BY id`,
      [[kyc, avatar]],
    );
    expect(reads.map((r) => [r.target, r.detail.upload, r.detail.purpose])).toEqual([
      [me.user.id, kyc, 'kyc'],
      [me.user.id, avatar, 'avatar'],
    ]);
    // A user's token is no operator's.
    expect((await read(`/api/admin/uploads/${kyc}`, me.token)).status).toBe(401);
  });
});

describe('the upload call’s rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { authRateLimitPerMinute: 3 });
  });
  afterAll(() => s.close());

  it('counts per user: a fourth upload in a minute is refused, another user’s first is not', async () => {
    const send = async (token: string) => {
      const form = new FormData();
      form.append('purpose', 'avatar');
      form.append('file', new Blob([await png()]), 'a.png');
      const res = await fetch(`${s.url}/api/common/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    };
    const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data.token;
    const first = await demo();
    const second = await demo();
    for (let i = 0; i < 3; i++) expect((await send(first)).status).toBe(200);
    const refused = await send(first);
    expect(refused.status).toBe(429);
    expect(refused.body.data.error).toBe('rate_limited');
    expect((await send(second)).status).toBe(200);
  });
});
