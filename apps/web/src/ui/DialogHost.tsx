import { useSyncExternalStore } from 'react';
import { dialogQueue, settleDialog, subscribeDialogs } from './dialog.ts';
import { LazyDialog as Dialog } from './LazyDialog.tsx';

/** The one place confirm() dialogs render, one at a time. */
export function DialogHost() {
  const queue = useSyncExternalStore(subscribeDialogs, dialogQueue, dialogQueue);
  const request = queue[0];
  if (!request) return null;
  return (
    <Dialog
      key={request.id}
      title={request.title}
      message={request.message}
      okText={request.okText}
      cancelText={request.cancelText}
      showCancel={request.showCancel ?? true}
      messageTestId={request.messageTestId}
      onOk={() => settleDialog(request.id, true)}
      onCancel={() => settleDialog(request.id, false)}
    />
  );
}
