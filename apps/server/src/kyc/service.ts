import {
  type ApplyRefusal,
  applyRefusal,
  type KycLevelName,
  type KycLevelStatus,
  verificationLevel as levelOf,
  levelStatus,
  meetsLevel,
  type VerificationLevel,
} from '@otc/core';
import type { ErrorKey } from '@otc/protocol/errors';
import type { AdvancedFields, ApplyBody, BasicFields, KycState } from '@otc/protocol/kyc/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail, failField } from '../http/errors.ts';
import { findOwnUpload } from '../uploads/index.ts';
import { type ApplicationRow, insertApplication, latestApplications } from './queries.ts';

const REFUSALS: Record<ApplyRefusal, ErrorKey> = {
  under_review: 'kyc_under_review',
  already_verified: 'kyc_verified',
  basic_required: 'kyc_basic_required',
};

type States = { basic: KycLevelStatus; advanced: KycLevelStatus };

async function statesOf(q: Queryable, userId: string) {
  const latest = await latestApplications(q, userId);
  const states: States = {
    basic: levelStatus(latest.basic?.status),
    advanced: levelStatus(latest.advanced?.status),
  };
  return { latest, states };
}

/** How far the user is verified: 'none', 'basic' or 'advanced'. */
export async function verificationLevel(q: Queryable, userId: string): Promise<VerificationLevel> {
  return levelOf((await statesOf(q, userId)).states);
}

/** Fails with `kyc_required` ('You have not authorized yet, please authorize.') unless the user has `level`. */
export async function requireVerification(q: Queryable, userId: string, level: KycLevelName): Promise<void> {
  if (!meetsLevel(await verificationLevel(q, userId), level)) fail('kyc_required');
}

/** The nationality of the user's verified basic level (ISO 3166-1 alpha-2), or null when not verified. */
export async function verifiedNationality(q: Queryable, userId: string): Promise<string | null> {
  const { latest, states } = await statesOf(q, userId);
  if (states.basic !== 'verified') return null;
  const nationality = latest.basic?.fields.nationality;
  return typeof nationality === 'string' ? nationality : null;
}

/** Both levels' state, a rejection's reason, and what was last submitted (for the summary and a resubmission). */
export async function kycState(q: Queryable, userId: string, realm: Realm): Promise<KycState> {
  const { latest, states } = await statesOf(q, userId);
  const demo = realm === 'demo';
  const level = <F>(name: KycLevelName, row: ApplicationRow | undefined) => ({
    status: states[name],
    reason: row?.reason ?? null,
    submittedAt: row ? new Date(row.submittedAt).toISOString() : null,
    decidedAt: row?.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    mayApply: !demo && applyRefusal(name, states) === null,
    fields: (row?.fields ?? null) as F | null,
  });
  return {
    basic: level<BasicFields>('basic', latest.basic),
    advanced: level<AdvancedFields>('advanced', latest.advanced),
    demo,
  };
}

/**
 * `applyApprove`: stores an application under review for the level. Refused, with nothing stored,
 * for a demo account, while the level is under review or verified, for advanced before basic is
 * verified, and when a photo is not one of the caller's own kyc uploads.
 */
export async function apply(
  ctx: AppContext,
  caller: { userId: string; realm: Realm },
  body: ApplyBody,
): Promise<KycState> {
  if (caller.realm === 'demo') fail('kyc_demo');
  const { level, ...fields } = body;
  await ctx.db.tx(async (q) => {
    const { states } = await statesOf(q, caller.userId);
    const refusal = applyRefusal(level, states);
    if (refusal) fail(REFUSALS[refusal]);
    if (body.level === 'basic') await checkPhotos(q, caller.userId, body);
    const stored = await insertApplication(q, caller.userId, level, fields, ctx.clock.date());
    // Another submit of the same level got in first (the partial unique index).
    if (!stored) fail('kyc_under_review');
  });
  return kycState(ctx.db, caller.userId, caller.realm);
}

async function checkPhotos(q: Queryable, userId: string, body: BasicFields): Promise<void> {
  for (const field of ['frontImage', 'backImage'] as const) {
    if (!(await findOwnUpload(q, body[field], userId, 'kyc'))) failField('kyc_photo_invalid', field);
  }
  if (body.frontImage === body.backImage) failField('kyc_photos_same', 'backImage');
}
