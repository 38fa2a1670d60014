import { lazy, Suspense } from 'react';
import type { DialogProps } from './Dialog.tsx';

const Dialog = lazy(() => import('./Dialog.tsx').then((m) => ({ default: m.Dialog })));

/**
 * The dialog for what the app shell shows (confirm() requests, the guest's log-in prompt): loaded
 * when one first opens, so the first route does not carry it (its budget, decision 0041).
 */
export function LazyDialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
