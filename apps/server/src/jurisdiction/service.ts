import {
  jurisdictionCountry,
  jurisdictionLeverageCap,
  type LeverageClass,
  leverageClassOf,
} from '@otc/core/jurisdiction/rules';
import { phoneCountry } from '@otc/protocol/auth/phone-country';
import type {
  JurisdictionProfile,
  LeverageClassName,
  MyJurisdiction,
} from '@otc/protocol/jurisdiction/schemas';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { verifiedNationality } from '../kyc/index.ts';
import { allProfiles, userOf } from './queries.ts';

// The protocol's classes and core's are the same six words: this does not compile once they differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CLASSES_MATCH: Same<LeverageClass, LeverageClassName> = true;

/**
 * How long a profile or a user's country is taken from memory: orders read them on the hot path (a
 * perpetual's leverage), and an operator's change or a verification reaches every instance within this.
 */
const KEPT_MS = 10_000;
/** Users remembered at most; past it the memory starts again (a burst of new users, not a leak). */
const USERS_KEPT = 50_000;

/**
 * The rules a user's country sets (decision 0146): read by the products that must follow them
 * (seconds contracts, leverage, deposit bonuses) through the area's module.
 */
export class Jurisdictions {
  #profiles: { at: number; byCountry: Map<string, JurisdictionProfile> } | undefined;
  readonly #users = new Map<
    string,
    { at: number; country: string | null; source: MyJurisdiction['source'] }
  >();

  constructor(private readonly ctx: AppContext) {}

  /** Forgets what is kept, after an operator's change in this process. */
  changed(): void {
    this.#profiles = undefined;
  }

  async profiles(): Promise<Map<string, JurisdictionProfile>> {
    const now = Date.now();
    if (this.#profiles && now - this.#profiles.at < KEPT_MS) return this.#profiles.byCountry;
    const byCountry = new Map((await allProfiles(this.ctx.db)).map((p) => [p.country, p]));
    this.#profiles = { at: now, byCountry };
    return byCountry;
  }

  /** The user's country (verified nationality, else phone) and its profile. */
  async of(userId: string, q: Queryable = this.ctx.db): Promise<MyJurisdiction> {
    const now = Date.now();
    let known = this.#users.get(userId);
    if (!known || now - known.at >= KEPT_MS) {
      known = { at: now, ...(await this.countryOf(q, userId)) };
      if (this.#users.size >= USERS_KEPT) this.#users.clear();
      this.#users.set(userId, known);
    }
    const profile = known.country === null ? null : ((await this.profiles()).get(known.country) ?? null);
    return { country: known.country, source: known.source, profile };
  }

  /**
   * A demo account's play money is sold to no one: the rules govern what the platform offers for real
   * money, so a demo user has no country here (and practises with everything the platform offers).
   */
  private async countryOf(q: Queryable, userId: string): Promise<Omit<MyJurisdiction, 'profile'>> {
    const user = await userOf(q, userId);
    if (!user || user.kind === 'demo') return { country: null, source: null };
    const nationality = await verifiedNationality(q, userId);
    const country = jurisdictionCountry(nationality, nationality ? null : phoneCountry(user.phone));
    return { country, source: country === null ? null : nationality ? 'nationality' : 'phone' };
  }

  /**
   * What the user's country holds a position on the instrument to, from one read of their country:
   * the highest leverage (given the instrument's own cap, `own`) and the margin close-out level (a
   * fraction of the initial margin, ESMA's 0.5; null when none: an opening order stores level /
   * leverage as its position's floor, decision 0150).
   */
  async positionRules(
    userId: string,
    instrument: { class: string; base: string; quote: string },
    own: number,
  ): Promise<{ maxLeverage: number; closeOutLevel: string | null }> {
    const { profile } = await this.of(userId);
    return {
      maxLeverage: jurisdictionLeverageCap(profile, leverageClassOf(instrument), own),
      closeOutLevel: profile?.closeOutLevel ?? null,
    };
  }

  /** The highest leverage the user may take on the instrument, given its own cap (`own`). */
  async leverageCap(
    userId: string,
    instrument: { class: string; base: string; quote: string },
    own: number,
  ): Promise<number> {
    const { profile } = await this.of(userId);
    return jurisdictionLeverageCap(profile, leverageClassOf(instrument), own);
  }
}
