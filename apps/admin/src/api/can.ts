import type { Operator } from '@otc/protocol/admin/schemas';
import type { Endpoint } from '@otc/protocol/endpoint';
import { useSession } from './session.tsx';

/**
 * Whether an operator may call an endpoint, read from the endpoint's `roles` in the protocol: the
 * same list the server's guard enforces, so a button shows exactly when its call would be allowed.
 * No operator (still loading) may call nothing, so a button never flashes before it is hidden.
 */
export function mayCall(operator: Operator | undefined, endpoint: Endpoint): boolean {
  if (!operator) return false;
  return !endpoint.roles || endpoint.roles.includes(operator.role);
}

/** `can(endpoint)` for the signed-in operator. */
export function useCan(): (endpoint: Endpoint) => boolean {
  const operator = useSession().me.data;
  return (endpoint) => mayCall(operator, endpoint);
}
