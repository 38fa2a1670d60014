import { lazy, Suspense } from 'react';

const Bell = lazy(() => import('./NoticeBell.tsx').then((m) => ({ default: m.NoticeBell })));

/**
 * The bell as other screens place it, loaded after the first screen: only a signed-in user sees it,
 * and home's first route must stay within its budget (docs/decisions/0041-first-route-budget.md). Until it arrives an
 * empty button-sized box holds its place, so nothing moves when it appears.
 */
export function LazyNoticeBell({ userId, className = '' }: { userId: string; className?: string }) {
  return (
    <Suspense fallback={<span className={`icon-btn ${className}`} aria-hidden="true" />}>
      <Bell userId={userId} className={className} />
    </Suspense>
  );
}
