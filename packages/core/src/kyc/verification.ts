/**
 * Identity verification's rules, pure (PRODUCT.md "Identity verification"). Each level, basic then
 * advanced, is in one of four states, taken from its latest application: none (not verified), under
 * review, verified, or rejected with the operator's reason. A verified level stays verified.
 */
export type KycLevelName = 'basic' | 'advanced';
export type KycLevelStatus = 'unverified' | 'reviewing' | 'verified' | 'rejected';
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
/** How far a user is verified: what later areas ask. */
export type VerificationLevel = 'none' | 'basic' | 'advanced';

/** A level's state from its latest application's status (none: never applied). */
export function levelStatus(latest: ApplicationStatus | null | undefined): KycLevelStatus {
  switch (latest) {
    case 'pending':
      return 'reviewing';
    case 'approved':
      return 'verified';
    case 'rejected':
      return 'rejected';
    default:
      return 'unverified';
  }
}

/** Why an application for `level` may not be made now, or null when it may. */
export type ApplyRefusal = 'under_review' | 'already_verified' | 'basic_required';

/**
 * Basic may be applied for when not verified or rejected; advanced only once basic is verified,
 * and likewise when advanced is not verified or rejected. Under review refuses both: one pending
 * application per user and level.
 */
export function applyRefusal(
  level: KycLevelName,
  states: { basic: KycLevelStatus; advanced: KycLevelStatus },
): ApplyRefusal | null {
  if (level === 'advanced' && states.basic !== 'verified') return 'basic_required';
  const own = states[level];
  if (own === 'reviewing') return 'under_review';
  if (own === 'verified') return 'already_verified';
  return null;
}

export const mayApply = (
  level: KycLevelName,
  states: { basic: KycLevelStatus; advanced: KycLevelStatus },
): boolean => applyRefusal(level, states) === null;

/** Only an application under review can be decided; a decided one stays as it was decided. */
export const mayDecide = (status: ApplicationStatus): boolean => status === 'pending';

/** How far verified: advanced counts only on top of basic. */
export function verificationLevel(states: {
  basic: KycLevelStatus;
  advanced: KycLevelStatus;
}): VerificationLevel {
  if (states.basic !== 'verified') return 'none';
  return states.advanced === 'verified' ? 'advanced' : 'basic';
}

const RANK: Record<VerificationLevel, number> = { none: 0, basic: 1, advanced: 2 };

/** Whether a user verified to `have` meets what an action `needs`. */
export const meetsLevel = (have: VerificationLevel, needs: KycLevelName): boolean =>
  RANK[have] >= RANK[needs];
