import { z } from 'zod';
import { password } from '../auth/fields.ts';
import { totpCode } from '../auth/schemas.ts';
import type { ErrorKey } from '../errors.ts';
import { pageBody } from '../ledger/schemas.ts';
import { NICKNAME_MAX } from './rules.ts';

export const changePasswordBody = z.object({
  oldPassword: password,
  password,
  confirmPassword: password,
  totpCode: totpCode.optional().describe('The authenticator code, asked once two-factor sign-in is on'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const setTradePasswordBody = z.object({
  currentPassword: password
    .optional()
    .describe(
      'The transaction password in force (the login password while it follows it); not asked when none is set',
    ),
  password,
  confirmPassword: password,
});
export type SetTradePasswordBody = z.infer<typeof setTradePasswordBody>;

export const activeSession = z.object({
  id: z.string().describe('The session’s public id (never its token)'),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime().nullable(),
  current: z.boolean().describe('Whether this is the session making the request'),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const activeSessions = z.object({ items: z.array(activeSession) });

export const endSessionBody = z.object({ id: z.string().trim().min(1).max(64) });
export const endedSessions = z.object({ ended: z.number().int() });

/** A blank nickname reads "please enter the nickname", not "not valid". */
export const nicknameBody = z.object({
  nickname: z
    .string()
    .trim()
    .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } })
    .max(NICKNAME_MAX),
});
export const avatarBody = z.object({
  avatar: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .nullable()
    .describe('An image the user uploaded (purpose avatar), or null to remove it'),
});

/**
 * The operators' actions on a user's account the user is shown (issue 29: every operator action on an
 * account is visible to its owner). The support chat's are not listed: the chat itself shows them.
 */
export const OPERATOR_ACTION_KINDS = [
  'user.status',
  'user.totp_reset',
  'kyc.approve',
  'kyc.reject',
  'upload.read',
  'withdrawal.approve',
  'withdrawal.reject',
  'funding.bank.approve',
  'funding.bank.reject',
  'loan.approve',
  'loan.reject',
  'ledger.adjustment.request',
  'ledger.adjustment.approve',
  'ledger.adjustment.reject',
] as const;
export type OperatorActionKind = (typeof OPERATOR_ACTION_KINDS)[number];

export const operatorAction = z.object({
  id: z.string(),
  action: z.enum(OPERATOR_ACTION_KINDS),
  at: z.iso.datetime(),
  role: z.enum(['admin', 'reviewer', 'support']).nullable().describe('The operator’s role; never who'),
  amount: z.string().nullable().describe('The amount the action concerned, a decimal string'),
  asset: z.string().nullable(),
  reason: z.string().nullable().describe('The reason an operator gave (a rejection, an adjustment)'),
  status: z.string().nullable().describe('user.status: the account status set (active or disabled)'),
});
export type OperatorAction = z.infer<typeof operatorAction>;
export const operatorActions = z.object({ items: z.array(operatorAction), total: z.number().int() });
export const operatorActionsBody = pageBody.strict();

/** Two-factor sign-in (decision 0156): whether it is on, and how many recovery codes are unused. */
export const totpState = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TotpState = z.infer<typeof totpState>;
/** A new secret to add to an authenticator app: typed (base32) or scanned (the otpauth:// address). */
export const totpSetup = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;
export const totpCodeBody = z.object({ code: totpCode });
/** Shown once, when two-factor is turned on; each signs in once in place of a code. */
export const totpRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpRecoveryCodes = z.infer<typeof totpRecoveryCodes>;

/** The security centre's passkeys (decision 0163): add, list, remove. */
export { passkey, passkeyList, passkeyOptions, passkeyRegisterBody } from '../auth/passkeys.ts';
/** Removing a passkey asks what changing the password asks: the login password, and the code once two-factor is on. */
export const passkeyRemoveBody = z.object({
  id: z.string().trim().min(1).max(20),
  password,
  totpCode: totpCode.optional().describe('The authenticator code, asked once two-factor sign-in is on'),
});
export type PasskeyRemoveBody = z.infer<typeof passkeyRemoveBody>;
