import type { AppContext } from '../../context.ts';
import { fail } from '../../http/errors.ts';

/** The site passkeys are made for and checked against (decision 0163). */
export interface RelyingParty {
  /** The RP ID: the public origin's host name (no port), what a passkey is bound to. */
  id: string;
  /** The origin the browser must report, scheme and port included. */
  origin: string;
  name: string;
}

/**
 * From the configured public origin, never the request's Host (as SIWE, decision 0010: a phishing
 * site must not get a challenge for its own domain). Outside production without PUBLIC_URL the config
 * already answers the local origin the server serves on (`http://localhost:PORT`); a production
 * start without it has none, and passkeys are off.
 */
export function relyingParty(ctx: AppContext): RelyingParty {
  if (!ctx.config.publicUrl) fail('passkey_unavailable');
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'OTC Markets' };
}
