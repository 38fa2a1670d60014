import { describe, expect, it } from 'vitest';
import {
  applyRefusal,
  type KycLevelStatus,
  levelStatus,
  mayApply,
  mayDecide,
  meetsLevel,
  verificationLevel,
} from '../../src/kyc/verification.ts';

const STATES: KycLevelStatus[] = ['unverified', 'reviewing', 'verified', 'rejected'];

describe('identity verification', () => {
  it('reads each level’s state from its latest application', () => {
    expect(levelStatus(null)).toBe('unverified');
    expect(levelStatus('pending')).toBe('reviewing');
    expect(levelStatus('approved')).toBe('verified');
    expect(levelStatus('rejected')).toBe('rejected');
  });

  it('lets basic be applied for when not verified or rejected, never while under review or once verified', () => {
    const basic = (b: KycLevelStatus) => applyRefusal('basic', { basic: b, advanced: 'unverified' });
    expect(basic('unverified')).toBeNull();
    expect(basic('rejected')).toBeNull();
    expect(basic('reviewing')).toBe('under_review');
    expect(basic('verified')).toBe('already_verified');
  });

  it('lets advanced be applied for only once basic is verified', () => {
    for (const b of STATES.filter((s) => s !== 'verified'))
      for (const a of STATES)
        expect(applyRefusal('advanced', { basic: b, advanced: a })).toBe('basic_required');
    const advanced = (a: KycLevelStatus) => applyRefusal('advanced', { basic: 'verified', advanced: a });
    expect(advanced('unverified')).toBeNull();
    expect(advanced('rejected')).toBeNull();
    expect(advanced('reviewing')).toBe('under_review');
    expect(advanced('verified')).toBe('already_verified');
    expect(mayApply('advanced', { basic: 'verified', advanced: 'rejected' })).toBe(true);
  });

  it('decides only applications under review', () => {
    expect(mayDecide('pending')).toBe(true);
    expect(mayDecide('approved')).toBe(false);
    expect(mayDecide('rejected')).toBe(false);
  });

  it('counts advanced only on top of a verified basic, and compares levels', () => {
    expect(verificationLevel({ basic: 'unverified', advanced: 'unverified' })).toBe('none');
    expect(verificationLevel({ basic: 'reviewing', advanced: 'verified' })).toBe('none');
    expect(verificationLevel({ basic: 'verified', advanced: 'rejected' })).toBe('basic');
    expect(verificationLevel({ basic: 'verified', advanced: 'verified' })).toBe('advanced');
    expect(meetsLevel('none', 'basic')).toBe(false);
    expect(meetsLevel('basic', 'basic')).toBe(true);
    expect(meetsLevel('basic', 'advanced')).toBe(false);
    expect(meetsLevel('advanced', 'basic')).toBe(true);
  });
});
