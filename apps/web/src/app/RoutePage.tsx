import { useSession } from '../api/useSession.ts';
import { GuestPrompt } from './GuestPrompt.tsx';
import { LazyPage } from './LazyPage.tsx';
import type { PageLoader, RouteMeta } from './route.ts';

/** A route's page behind its guard: guests never load the code of pages that need an account. */
export function RoutePage({ meta, load }: { meta: RouteMeta; load: PageLoader }) {
  const { token } = useSession();
  if (!meta.public && !token) return <GuestPrompt />;
  return <LazyPage load={load} />;
}
