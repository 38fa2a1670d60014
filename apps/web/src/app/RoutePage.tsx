import { useSession } from '../auth/useSession.ts';
import { GuestPrompt } from './GuestPrompt.tsx';
import { LazyPage } from './LazyPage.tsx';
import type { RouteDef } from './routes.ts';

/** A route's page behind its guard: guests never load the code of pages that need an account. */
export function RoutePage({ def }: { def: RouteDef }) {
  const { token } = useSession();
  if (!def.public && !token) return <GuestPrompt />;
  return <LazyPage load={def.load} />;
}
