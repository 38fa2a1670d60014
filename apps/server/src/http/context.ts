import type { AdminRole } from '@otc/protocol/admin/schemas';
import type { Endpoint } from '@otc/protocol/endpoint';
import type { Language } from '@otc/protocol/languages';

/** Who may call a route; a public one sets none, nor does one whose caller is optional (read by its handler). */
export type RouteAuth = Exclude<Endpoint['auth'], 'public' | 'optional'>;

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    /** Set by the guard on routes with `config.auth: 'user'`. */
    userId: string | null;
    /** Set with `userId`: the books (live or demo) the caller's money lives in. */
    realm: 'live' | 'demo' | null;
    /** Set by the guard on routes with `config.auth: 'operator'`. */
    operator: { id: string; email: string; role: AdminRole } | null;
    /** The bearer token as sent, for logout. Never logged. */
    bearer: string | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    roles?: readonly AdminRole[];
  }
}
