import { z } from 'zod';
import {
  CODE_PATTERN,
  EMAIL_MAX,
  EMAIL_PATTERN,
  INVITE_CODE_PATTERN,
  PASSWORD_MAX,
  PHONE_PATTERN,
} from './rules.ts';

export const email = z.string().trim().toLowerCase().max(EMAIL_MAX).regex(EMAIL_PATTERN);
export const phone = z.string().trim().regex(PHONE_PATTERN);
export const password = z.string().min(1).max(PASSWORD_MAX);
export const verificationCode = z.string().regex(CODE_PATTERN);
export const inviteCode = z.string().trim().regex(INVITE_CODE_PATTERN);
export const captchaAnswer = z.string().trim().min(1).max(12);
export const captchaId = z.uuid();
