import { z } from 'zod';
import {
  CODE_PATTERN,
  EMAIL_MAX,
  EMAIL_PATTERN,
  INVITE_CODE_PATTERN,
  PASSWORD_MAX,
  PHONE_TYPED_PATTERN,
  REGION_PATTERN,
} from './rules.ts';

export const email = z.string().trim().toLowerCase().max(EMAIL_MAX).regex(EMAIL_PATTERN);
export const phone = z
  .string()
  .trim()
  .regex(PHONE_TYPED_PATTERN)
  .describe(
    'A mobile number: international (+ and calling code), or national with `region`; stored in E.164',
  );
export const region = z
  .string()
  .regex(REGION_PATTERN)
  .describe('ISO 3166 alpha-2 region whose calling code a national number (no +) is read in, e.g. IT');
export const password = z.string().min(1).max(PASSWORD_MAX);
export const verificationCode = z.string().regex(CODE_PATTERN);
export const inviteCode = z.string().trim().regex(INVITE_CODE_PATTERN);
export const captchaSolution = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .describe(
    'The solved captcha: base64 of the JSON {algorithm, challenge, number, salt, signature} (the ALTCHA payload)',
  );
