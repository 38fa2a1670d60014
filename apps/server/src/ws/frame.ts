/** RFC 6455 §5.2 opcode of a text frame, the only kind the gateway sends itself. */
export const OPCODE_TEXT = 0x1;

/** A message framed once: `bytes` go to every subscriber as they are, `payload` is the message alone. */
export interface Framed {
  bytes: Buffer;
  payload: Buffer;
}

/**
 * One complete server-to-client frame (RFC 6455 §5.2) of `text`: FIN set, no RSV bits (the gateway
 * negotiates no extension, so no compression), unmasked (only clients mask), and the payload
 * length in 7 bits, or in the 16 bits after 126, or in the 64 bits after 127.
 */
export function textFrame(text: string): Framed {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const bytes = Buffer.allocUnsafe(header + length);
  bytes[0] = 0x80 | OPCODE_TEXT;
  if (header === 2) bytes[1] = length;
  else if (header === 4) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeBigUInt64BE(BigInt(length), 2);
  }
  bytes.write(text, header, 'utf8');
  return { bytes, payload: bytes.subarray(header) };
}
