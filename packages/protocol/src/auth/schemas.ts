import { z } from 'zod';
import { deviceToken } from '../chat/schemas.ts';
import type { ErrorKey } from '../errors.ts';
import { TRADE_PASSWORD_MODES } from '../users/rules.ts';
import { captchaSolution, email, inviteCode, password, phone, region, verificationCode } from './fields.ts';

export const userKind = z.enum(['real', 'demo']);
export type UserKind = z.infer<typeof userKind>;

/** The signed-in user as every client sees it (seed §3 "User"). */
export const user = z.object({
  id: z.string().describe('User ID, the number users give each other for internal transfers'),
  nickname: z.string(),
  avatar: z
    .string()
    .nullable()
    .describe('The id of the avatar image (an upload the user made), read with the upload call'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  walletAddress: z.string().nullable(),
  kind: userKind,
  vipLevel: z.number().int(),
  inviteCode: z.string(),
  hasTradePassword: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof user>;

export const session = z.object({ token: z.string(), user });
export type Session = z.infer<typeof session>;

/**
 * A password or wallet sign-in of an account with two-factor on: no session yet, a challenge to send
 * back with the authenticator's code (or a recovery code) to `/api/auth/login/totp`.
 */
export const totpChallenge = z.object({
  totpRequired: z.literal(true),
  challenge: z.string().describe('One use, short-lived; sent back with the code'),
  expiresAt: z.iso.datetime(),
});
export type TotpChallenge = z.infer<typeof totpChallenge>;
export const loginResult = z.union([session, totpChallenge]);
export type LoginResult = z.infer<typeof loginResult>;
/** A code from the authenticator app (6 digits) or one of the recovery codes. */
export const totpCode = z
  .string()
  .trim()
  .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } })
  .max(32);
export const totpLoginBody = z.object({ challenge: z.string().trim().min(1).max(100), code: totpCode });
export type TotpLoginBody = z.infer<typeof totpLoginBody>;

/**
 * "Try demo": the device sends the demo key it keeps, if any, to come back to its demo user. An
 * unknown key is no error: it gets a new demo user, as a device without a key does.
 */
export const demoLoginBody = z
  .object({
    demoKey: z
      .string()
      .max(200)
      .optional()
      .describe('The key returned when this device first tried demo; ignored when a real user is signed in'),
  })
  .optional();
export type DemoLoginBody = z.infer<typeof demoLoginBody>;
export const demoSession = session.extend({
  demoKey: z
    .string()
    .nullable()
    .describe(
      'Returned once, when a new demo user is made for a device: keep it to come back to that user. Null otherwise',
    ),
});
export type DemoSession = z.infer<typeof demoSession>;

export const codePurpose = z.enum(['register', 'reset']);
export type CodePurpose = z.infer<typeof codePurpose>;

export const sendEmailBody = z.object({ email, purpose: codePurpose });
export const sendSmsBody = z.object({ phone, purpose: codePurpose, region: region.optional() });
export const sendCodeResult = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendCodeResult = z.infer<typeof sendCodeResult>;

export const accountType = z.enum(['email', 'mobile']);
export type AccountType = z.infer<typeof accountType>;

const accountWithCode = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), account: email, code: verificationCode }),
  z.object({ type: z.literal('mobile'), account: phone, code: verificationCode, region: region.optional() }),
]);

/** The browser's guest device token, sent once: its support conversation becomes the user's (decision 0129). */
const guestDevice = deviceToken
  .optional()
  .describe('The guest device token the browser kept for the support chat, if any');

export const registerBody = z.intersection(
  accountWithCode,
  z.object({
    password,
    confirmPassword: password,
    inviteCode: inviteCode.optional(),
    agree: z.boolean(),
    deviceToken: guestDevice,
  }),
);
export type RegisterBody = z.infer<typeof registerBody>;

export const resetPasswordBody = z.intersection(
  accountWithCode,
  z.object({ password, confirmPassword: password }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The login account is an email or a mobile number; the server tells which. */
export const loginBody = z.object({
  account: z.string().trim().min(1).max(254),
  /** A mobile number typed without its +: the region whose calling code it is read in. */
  region: region.optional(),
  password,
  captcha: captchaSolution.optional(),
  deviceToken: guestDevice,
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginStateQuery = z.object({
  account: z.string().trim().min(1).max(254),
  region: region.optional(),
});
export const loginState = z.object({ captchaRequired: z.boolean() });
export type LoginState = z.infer<typeof loginState>;

/**
 * An ALTCHA proof-of-work challenge (format v1): find the n in 0..maxnumber with
 * hex(sha256(salt + n)) = challenge. Nothing in it but what brute force needs: the number itself is
 * in no field, so reading the response does not answer it, only the work does.
 */
export const captcha = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().describe('hex SHA-256 of salt + the secret number'),
  maxnumber: z.number().int().describe('The number is at most this: the difficulty'),
  salt: z
    .string()
    .describe('Random hex, then `?expires=<unix seconds>&`: when the challenge stops being taken'),
  signature: z.string().describe("The server's HMAC of challenge: it issued this one"),
});
export type Captcha = z.infer<typeof captcha>;

/** Seed §3: the wallet login payload is address, signature and wallet_type 2; PRODUCT.md adds the SIWE message. */
export { WALLET_TYPE_EVM } from './rules.ts';
export const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
export const walletNonceBody = z.object({ address: evmAddress, chainId: z.number().int().positive() });
export type WalletNonceBody = z.infer<typeof walletNonceBody>;
export const walletNonce = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  chainId: z.number().int(),
  issuedAt: z.iso.datetime(),
  expirationTime: z.iso.datetime(),
  statement: z.string(),
});
export type WalletNonce = z.infer<typeof walletNonce>;
export const walletLoginBody = z.object({
  address: evmAddress,
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(2000),
  wallet_type: z.number().int(),
  message: z.string().min(1).max(4000),
  deviceToken: guestDevice,
});
export type WalletLoginBody = z.infer<typeof walletLoginBody>;

/** Which password guards money leaving the account (issue 14), and so whether there is one. */
export const existTradePassword = z.object({
  exists: z.boolean(),
  mode: z
    .enum(TRADE_PASSWORD_MODES)
    .describe('login: the login password, which it follows; own: one the user set; none: not set yet'),
});
export type ExistTradePassword = z.infer<typeof existTradePassword>;

export const agreement = z.object({
  key: z.string(),
  title: z.string(),
  content: z.string(),
  language: z.string(),
});
export const agreements = z.object({ items: z.array(agreement) });
export type Agreement = z.infer<typeof agreement>;

/** Signing in with a passkey (decision 0163): the options to ask the browser with, and its answer. */
export { passkeyLoginBody, passkeyOptions } from './passkeys.ts';
