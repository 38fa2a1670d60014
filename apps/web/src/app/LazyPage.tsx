import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { DelayedSpinner } from '../ui/Spinner.tsx';
import { PageBoundary } from './PageBoundary.tsx';
import type { PageLoader } from './route.ts';
import { withTimeout } from './withTimeout.ts';

/** Seed §9: a page load gives up after 60 s. */
export const PAGE_LOAD_TIMEOUT_MS = 60000;

// One lazy component per loader, so a page loaded once shows at once when visited again.
const pages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

function pageFor(load: PageLoader): LazyExoticComponent<ComponentType> {
  let page = pages.get(load);
  if (!page) {
    page = lazy(() => withTimeout(load(), PAGE_LOAD_TIMEOUT_MS));
    pages.set(load, page);
  }
  return page;
}

export function LazyPage({ load }: { load: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  const Page = pageFor(load);
  const retry = () => {
    // React.lazy keeps a failure forever: drop it so the next render imports again.
    pages.delete(load);
    setAttempt((n) => n + 1);
  };
  return (
    <PageBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<DelayedSpinner />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}
