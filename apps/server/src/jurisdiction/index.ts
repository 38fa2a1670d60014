import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { adminJurisdictionRoutes, jurisdictionRoutes } from './routes.ts';
import { Jurisdictions } from './service.ts';

export interface JurisdictionArea extends Area {
  /** What a user's country allows: seconds contracts, leverage by class, deposit bonuses. */
  readonly rules: Jurisdictions;
}

/**
 * Rules by jurisdiction (issue 29; docs/decisions/0146-jurisdictions.md): an operator-set profile
 * per country, the user's country from their verified nationality or phone. Seconds contracts,
 * positions and activities ask `rules` through this file.
 */
export function jurisdictionArea(ctx: AppContext): JurisdictionArea {
  const rules = new Jurisdictions(ctx);
  return {
    name: 'jurisdiction',
    rules,
    routes: (app) => {
      jurisdictionRoutes(app, rules);
      adminJurisdictionRoutes(app, ctx, rules);
    },
  };
}

export type { Jurisdictions } from './service.ts';

export const jurisdictionModule: AreaModule<JurisdictionArea> = {
  tables: ['jurisdiction_profiles'],
  build: (ctx) => jurisdictionArea(ctx),
};
