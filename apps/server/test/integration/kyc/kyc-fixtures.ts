import { deflateSync } from 'node:zlib';
import type { AdminSession } from '@otc/protocol/admin/schemas';
import { expect } from 'vitest';
import { ADMIN, type TestServer } from '../support/harness.ts';

/** A small valid PNG (solid colour), made here so no fixture file is needed. */
export function png(width = 8, height = 8, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a photo for verification the way the app does (multipart `file`, purpose kyc): its id. */
export async function uploadPhoto(
  s: TestServer,
  token: string,
  colour: [number, number, number] = [200, 30, 30],
) {
  const form = new FormData();
  form.append('purpose', 'kyc');
  form.append('file', new Blob([new Uint8Array(png(8, 8, colour))], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${s.url}/api/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { id: string } };
  expect(body.code, JSON.stringify(body)).toBe(200);
  return String(body.data.id);
}

/** A basic application's fields with two fresh photos of the user's own. */
export async function basicApplication(s: TestServer, token: string) {
  return {
    level: 'basic' as const,
    nationality: 'DE',
    realName: 'Erika Mustermann',
    firstName: 'Erika',
    lastName: 'Mustermann',
    documentType: 'id_card' as const,
    documentNumber: 'T22000129',
    frontImage: await uploadPhoto(s, token, [200, 30, 30]),
    backImage: await uploadPhoto(s, token, [30, 30, 200]),
  };
}

export const ADVANCED = {
  level: 'advanced' as const,
  age: 35,
  contact: '+49 30 1234567',
  workAddress: 'Friedrichstraße 1, Berlin',
  homeAddress: 'Unter den Linden 2, Berlin',
  relationship: 'Sister',
  relativeName: 'Anna Mustermann',
  relativeAddress: 'Hauptstraße 3, Hamburg',
  workType: 'Engineer',
  annualIncome: '60000 EUR',
  emergencyName: 'Max Mustermann',
  emergencyPhone: '+49 170 1234567',
};

let operators = 0;

/** A back-office operator of `role`, created by the seeded admin; their token. */
export async function operatorOf(s: TestServer, role: 'admin' | 'reviewer' | 'support'): Promise<string> {
  const admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
  const email = `${role}.${Date.now().toString(36)}.${operators++}@kyc.test`;
  const password = 'Operator-pass-1';
  expect((await s.api('/api/admin/operators', { email, password, role }, { token: admin })).body.code).toBe(
    200,
  );
  return (await s.api<AdminSession>('/api/admin/login', { email, password })).body.data.token;
}
