import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createIdempotencyKeys, withIdempotencyKey } from '../api/idempotency.ts';
import { toast } from '../ui/toast.ts';
import type { FieldErrorsApi } from '../ui/useFieldErrors.ts';
import { useMoneyMoved } from './balances.ts';

/** What an order ticket tells the submit: read at each submit, so the current render's values. */
export interface OrderSubmit<F extends string, B extends object> {
  /** False while the ticket cannot check an order yet (its rules are loading): submit does nothing. */
  ready?: boolean;
  /** The first thing wrong, shown under its field until it changes; nothing is sent. */
  problem: () => { field: F; message: string } | null;
  body: () => B;
  /** Asks the user before sending where the ticket does (a dialog); false: nothing is sent. */
  confirm: (body: B) => Promise<boolean>;
  place: (request: B & { idempotencyKey: string }) => Promise<unknown>;
  /** The order went through (before the toast): e.g. empty the quantity. */
  placed: () => void;
}

/**
 * An order ticket's submit, the same for spot and the leveraged tickets: nothing while one is being
 * sent; what is wrong under its field; the confirmation; then the order with the idempotency key
 * of its submission (a retry of the same one keeps it, so it is placed once), "Order placed" and
 * the balances read again, or the server's refusal under its field (else a toast).
 */
export function useOrderSubmit<F extends string, B extends object>(
  form: FieldErrorsApi<F>,
  order: OrderSubmit<F, B>,
) {
  const { t } = useTranslation();
  const moneyMoved = useMoneyMoved();
  const [busy, setBusy] = useState(false);
  const keys = useRef(createIdempotencyKeys()).current;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || order.ready === false) return;
    const wrong = order.problem();
    if (wrong) {
      form.show(wrong.field, wrong.message);
      return;
    }
    const body = order.body();
    if (!(await order.confirm(body))) return;
    setBusy(true);
    try {
      await order.place(withIdempotencyKey(body, keys));
      keys.done();
      order.placed();
      toast(t('results.orderPlaced'));
      await moneyMoved();
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return { busy, submit };
}
