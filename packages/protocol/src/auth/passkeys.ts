import { z } from 'zod';

/**
 * Passkeys (WebAuthn, decision 0163): the shapes the browser's `navigator.credentials` calls take and
 * give, as JSON (binary fields base64url). The server's WebAuthn library checks their contents; here
 * only their size and kind, so a malformed body is a 400 and never reaches it.
 */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** What `navigator.credentials.create/get` take as `publicKey`, in JSON form (WebAuthn L3 `…JSON`). */
export const passkeyOptions = z
  .object({ challenge: z.string() })
  .passthrough()
  .describe('PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON');
export type PasskeyOptions = z.infer<typeof passkeyOptions> & Record<string, unknown>;

const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** A new credential (`RegistrationResponseJSON`). */
export const passkeyAttestation = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16000),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
});

/** A signed sign-in challenge (`AuthenticationResponseJSON`). */
export const passkeyAssertion = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(1000),
    userHandle: b64url(200).optional(),
  }),
});

export const PASSKEY_NAME_MAX = 40;
export const passkeyRegisterBody = z.object({
  name: z
    .string()
    .trim()
    .max(PASSKEY_NAME_MAX)
    .optional()
    .describe('What the list shows; a default when blank'),
  credential: passkeyAttestation,
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBody>;

export const passkeyLoginBody = z.object({ credential: passkeyAssertion });
export type PasskeyLoginBody = z.infer<typeof passkeyLoginBody>;

export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyList = z.object({ items: z.array(passkey) });
export type PasskeyList = z.infer<typeof passkeyList>;
