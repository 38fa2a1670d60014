import {
  jurisdictionAdminContract as admin,
  jurisdictionContract as mine,
} from '@otc/protocol/jurisdiction/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { userIdOf } from '../http/guard.ts';
import { route } from '../http/route.ts';
import { audit } from '../platform/audit.ts';
import { allProfiles, deleteProfile, lockProfile, saveProfile } from './queries.ts';
import type { Jurisdictions } from './service.ts';

export function jurisdictionRoutes(app: FastifyInstance, rules: Jurisdictions) {
  route(app, mine.mine, async (req) => rules.of(userIdOf(req)));
}

/** The profiles in the back office: any operator reads them, an admin changes them, audited before and after. */
export function adminJurisdictionRoutes(app: FastifyInstance, ctx: AppContext, rules: Jurisdictions) {
  route(app, admin.list, async () => ({ items: await allProfiles(ctx.db) }));
  route(app, admin.save, async (req) => {
    // The schema has checked it: two letters, known classes, whole caps from 1 to 125.
    const profile = req.body;
    await ctx.db.tx(async (q) => {
      const before = (await lockProfile(q, profile.country)) ?? null;
      await saveProfile(q, profile, ctx.clock.date());
      await audit(q, req, 'jurisdiction.save', profile.country, { before, after: profile });
    });
    rules.changed();
    return profile;
  });
  route(app, admin.remove, async (req) => {
    const { country } = req.body;
    await ctx.db.tx(async (q) => {
      const before = await lockProfile(q, country);
      if (!before) fail('jurisdiction_unknown');
      await deleteProfile(q, country);
      await audit(q, req, 'jurisdiction.delete', country, { before });
    });
    rules.changed();
    return { items: await allProfiles(ctx.db) };
  });
}
