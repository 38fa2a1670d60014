import { UPLOAD_MAX_BYTES } from '@otc/protocol/uploads/constants';
import { describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { uploader, uploadPath } from './upload.ts';

function setup() {
  const sent: { url: string; init: RequestInit }[] = [];
  const toasts: string[] = [];
  const client = createClient({
    baseUrl: '',
    fetch: async (input, init = {}) => {
      sent.push({ url: String(input), init });
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { id: 'b1' } }));
    },
    getToken: () => 'tok',
    clearSession: () => undefined,
    language: () => 'de',
    translate: (key) => key,
    toast: (message) => toasts.push(message),
    saveBlob: () => undefined,
  });
  return { upload: uploader(client), sent, toasts };
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const file = (head: number[] | string, size: number, name: string) => {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === 'string' ? new TextEncoder().encode(head) : head);
  return new File([bytes], name, { type: 'image/png' });
};

describe('uploadImage', () => {
  it('sends the file and its purpose as a form, with the token and the language', async () => {
    const { upload, sent } = setup();
    await expect(upload(file(PNG_HEAD, 100, 'id.jpg'), 'kyc')).resolves.toEqual({ id: 'b1' });
    expect(sent[0]?.url).toBe('/api/common/upload');
    const headers = new Headers(sent[0]?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Accept-Language')).toBe('de');
    const form = sent[0]?.init.body as FormData;
    expect(form.get('purpose')).toBe('kyc');
    expect((form.get('file') as File).name).toBe('id.jpg');
  });

  it('refuses a file that is not a JPEG, PNG or WebP by content, whatever its name, without sending it', async () => {
    const { upload, sent, toasts } = setup();
    const error = upload(file('%PDF-1.7', 100, 'scan.png'), 'kyc', { toast: false });
    await expect(error).rejects.toMatchObject({
      key: 'upload_type_unsupported',
      field: 'file',
      shown: false,
    });
    expect(sent).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('refuses more than 5 MB without sending it, and takes exactly 5 MB', async () => {
    const { upload, sent } = setup();
    const over = upload(file(PNG_HEAD, UPLOAD_MAX_BYTES + 1, 'big.png'), 'avatar', { toast: false });
    await expect(over).rejects.toMatchObject({ key: 'upload_too_large', field: 'file' });
    expect(sent).toEqual([]);
    await expect(upload(file(PNG_HEAD, UPLOAD_MAX_BYTES, 'big.png'), 'avatar')).resolves.toEqual({
      id: 'b1',
    });
  });

  it('reads an upload at its own path', () => {
    expect(uploadPath('0b8a-1')).toBe('/api/common/upload/0b8a-1');
  });
});
