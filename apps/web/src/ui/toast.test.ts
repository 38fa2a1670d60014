import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirm, dialogQueue, settleDialog } from './dialog.ts';
import { currentToast, subscribeToast, TOAST_MS, toast } from './toast.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows a message for 1500 ms by default, then hides it', () => {
    vi.useFakeTimers();
    toast('Copied');
    expect(TOAST_MS).toBe(1500);
    expect(currentToast()?.message).toBe('Copied');
    vi.advanceTimersByTime(1499);
    expect(currentToast()?.message).toBe('Copied');
    vi.advanceTimersByTime(1);
    expect(currentToast()).toBeNull();
  });

  it('replaces the toast on screen, and the old timer does not hide the new one', () => {
    vi.useFakeTimers();
    const seen: (string | null)[] = [];
    const stop = subscribeToast((s) => seen.push(s?.message ?? null));
    toast('first', 1000);
    vi.advanceTimersByTime(500);
    toast('second', 2000);
    vi.advanceTimersByTime(1000);
    expect(currentToast()?.message).toBe('second');
    vi.advanceTimersByTime(1000);
    stop();
    expect(seen).toEqual(['first', 'second', null]);
  });

  it('ignores empty messages', () => {
    toast('');
    expect(currentToast()).toBeNull();
  });
});

describe('confirm', () => {
  it('queues dialogs and resolves each with the button pressed', async () => {
    const first = confirm('Are you sure you want to delete?');
    const second = confirm('Are you sure you want to perform this action?', { showCancel: false });
    expect(dialogQueue().map((d) => d.message)).toEqual([
      'Are you sure you want to delete?',
      'Are you sure you want to perform this action?',
    ]);
    const [a, b] = dialogQueue();
    settleDialog(a?.id ?? -1, false);
    settleDialog(b?.id ?? -1, true);
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
    expect(dialogQueue()).toEqual([]);
  });
});
