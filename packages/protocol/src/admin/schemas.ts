import { z } from 'zod';
import { email, password } from '../auth/fields.ts';
import { userKind } from '../auth/schemas.ts';
import type { ErrorKey } from '../errors.ts';

export const adminRole = z.enum(['admin', 'reviewer', 'support']);
export type AdminRole = z.infer<typeof adminRole>;

export const operator = z.object({
  id: z.string(),
  email: z.string(),
  role: adminRole,
  createdAt: z.iso.datetime(),
});
export type Operator = z.infer<typeof operator>;
export const operatorList = z.object({ items: z.array(operator) });

export const adminLoginBody = z.object({ email, password: z.string().min(1).max(128) });
export const adminSession = z.object({ token: z.string(), operator });
export type AdminSession = z.infer<typeof adminSession>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminUserRow = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  walletAddress: z.string().nullable(),
  nickname: z.string(),
  kind: userKind,
  status: z.enum(['active', 'disabled']),
  /** A platform-owned user (the market maker of a realm): it cannot be disabled. */
  system: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUsersQuery = pageQuery.extend({
  q: z.string().trim().max(254).optional(),
  kind: userKind.optional(),
});
export const adminUsersPage = z.object({ items: z.array(adminUserRow), total: z.number().int() });

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  target: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxQuery = pageQuery.extend({ target: z.string().trim().max(254).optional() });
export const outboxPage = z.object({ items: z.array(outboxMessage), total: z.number().int() });

export const auditEntry = z.object({
  id: z.string(),
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = pageQuery.extend({ action: z.string().trim().max(64).optional() });
export const auditPage = z.object({ items: z.array(auditEntry), total: z.number().int() });

/** The password follows the users' rules (auth/rules.ts), checked by the server so the refusal names the rule. */
export const createOperatorBody = z.object({ email, password, role: adminRole });
/** An operator's own password change; the new one follows the users' password rules (auth/rules.ts). */
export const changeOperatorPasswordBody = z.object({
  currentPassword: password,
  newPassword: password,
  confirmPassword: password,
});
export type ChangeOperatorPasswordBody = z.infer<typeof changeOperatorPasswordBody>;
export const setUserStatusBody = z.object({
  userId: z.string().regex(/^\d{1,19}$/),
  status: z.enum(['active', 'disabled']),
});

export const TOTP_RESET_REASON_MAX = 200;
/** Decision 0158: the reason records the identity check made out of band; the user reads it in their security centre. */
export const resetUserTotpBody = z.strictObject({
  userId: z.string().regex(/^\d{1,19}$/),
  reason: z
    .string()
    .trim()
    .max(TOTP_RESET_REASON_MAX)
    .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } })
    .describe(
      'How the user’s identity was checked, e.g. a video call against their documents; shown to the user',
    ),
});

/** A durable job as the back office lists it (platform/jobs on the server). */
export const adminJob = z.object({
  id: z.string(),
  name: z.string(),
  /** Tells one-off jobs of one name apart; empty for a recurring job. */
  key: z.string(),
  /** A recurring job's period; null for a one-off job. */
  everyMs: z.number().int().nullable(),
  status: z.enum(['scheduled', 'running', 'done', 'failed']),
  /** When it runs next (a one-off job that is over: when it was due). */
  runAt: z.iso.datetime(),
  /** Attempts at the current run (a recurring job's count goes back to 0 after a success). */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  claimedBy: z.string().nullable(),
  leaseUntil: z.iso.datetime().nullable(),
  lastRunAt: z.iso.datetime().nullable(),
  lastResult: z.enum(['ok', 'failed']).nullable(),
  lastError: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;

/** One attempt at a job, ok or failed. */
export const adminJobRun = z.object({
  id: z.string(),
  jobId: z.string(),
  name: z.string(),
  attempt: z.number().int(),
  runner: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type AdminJobRun = z.infer<typeof adminJobRun>;

/** The jobs (recurring and pending first), the latest runs, and the latest failures. */
export const adminJobs = z.object({
  jobs: z.array(adminJob),
  runs: z.array(adminJobRun),
  failures: z.array(adminJobRun),
});
export type AdminJobs = z.infer<typeof adminJobs>;
