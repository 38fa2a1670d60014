import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey authenticator for the tests (decision 0163): real ES256 keys from node:crypto,
 * a real "none" attestation (CBOR, authenticator data, COSE key) and real assertion signatures, so
 * the server's WebAuthn library verifies them as it would a phone's. Not a stub: a wrong byte fails.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  });
  /** The signature counter the next assertion carries (a test moves it back to play a clone). */
  counter = 0;
  private userHandle = '';

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** `navigator.credentials.create` with the server's options, as a browser on `origin` calls it. */
  create(options: CreationOptions, origin: string) {
    this.userHandle = options.user.id;
    const clientDataJSON = clientData('webauthn.create', options.challenge, origin);
    const authData = Buffer.concat([
      this.authDataHead(options.rp.id, FLAG_UP | FLAG_UV | FLAG_AT),
      Buffer.alloc(16), // AAGUID: none, as attestation "none" allows
      u16(this.credentialId.length),
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<unknown, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get`: signs the challenge; `userVerified: false` plays a tap without a PIN. */
  get(
    options: { challenge: string; rpId?: string },
    origin: string,
    rpId = options.rpId ?? '',
    userVerified = true,
  ) {
    this.counter += 1;
    const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
    const authData = this.authDataHead(rpId, FLAG_UP | (userVerified ? FLAG_UV : 0));
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      this.key.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle,
      },
    };
  }

  private authDataHead(rpId: string, flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count]);
  }

  /** The public key as COSE_Key (RFC 9053): EC2, ES256, P-256, x and y. */
  private coseKey(): Buffer {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<unknown, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
  }
}

export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

/** The little CBOR (RFC 8949) an attestation needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: ${typeof value} is not encoded here`);
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  throw new Error('cbor: length too large for this encoder');
}
