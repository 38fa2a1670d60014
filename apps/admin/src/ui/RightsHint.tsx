import { useSession } from '../api/session.tsx';

/**
 * Why an operator sees a page's action missing: their role may not take it (the page's text says
 * which role may). Shown once the session is known, so an admin never sees it flash.
 */
export function RightsHint({ allowed, hint }: { allowed: boolean; hint: string }) {
  const { me } = useSession();
  if (!me.data || allowed) return null;
  return <p className="muted small section-hint">{hint}</p>;
}
