import { NFT_ASSET } from '@otc/protocol/nft/constants';
import type { NftItemDetail } from '@otc/protocol/nft/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { createIdempotencyKeys } from '../api/idempotency.ts';
import { useSession } from '../api/useSession.ts';
import { useMoneyMoved, useOverview } from '../money/balances.ts';
import { KeyValueRow } from '../money/screenParts.ts';
import { TradePasswordField } from '../money/TradePasswordField.tsx';
import { useFormat } from '../money/useFormat.ts';
import { useMoneyForm } from '../money/useMoneyForm.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { FieldError } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { BUY_FIELDS, buyForm } from './buyForm.ts';
import { nftApi, nftKeys } from './nftApi.ts';
import { usePrice } from './usePrice.ts';

/**
 * The confirm sheet: the price, the funding account's USDT now and after the purchase, before the
 * user confirms; live users give their transaction password, demo users (play money) none. A
 * refusal shows under the field it concerns, else as a toast (useMoneyForm's `fail`).
 */
export function BuySheet({ item, onClose }: { item: NftItemDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const price = usePrice();
  const client = useQueryClient();
  const demo = useSession().user?.kind === 'demo';
  const moneyMoved = useMoneyMoved();
  const form = useMoneyForm(BUY_FIELDS, price);
  const overview = useOverview();
  // Undefined until the balances arrive; a funding account without USDT holds 0.
  const available = overview.data
    ? (overview.data.accounts.find((a) => a.kind === 'funding')?.balances.find((b) => b.asset === NFT_ASSET)
        ?.available ?? '0')
    : undefined;
  const [tradePassword, setTradePassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Set before the first await: a second press meanwhile sends nothing.
  const sending = useRef(false);
  const keys = useRef(createIdempotencyKeys()).current;
  const checked = buyForm({ price: item.price, available, tradePassword, demo });

  const send = async () => {
    if (sending.current || busy) return;
    if (checked.problem) {
      form.check(checked);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const unit = await nftApi.buy({
        itemId: item.id,
        ...(demo ? {} : { tradePassword }),
        idempotencyKey: keys.keyFor(item.id),
      });
      keys.done();
      toast(t('nft.buy.done', { serial: unit.serial }));
      await Promise.all([moneyMoved(), client.invalidateQueries({ queryKey: nftKeys.all })]);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.key === 'trade_password_wrong') setTradePassword('');
      form.fail(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const after = checked.summary;
  return (
    <Dialog
      title={t('nft.buy.title', { name: item.name })}
      okText={t('nft.buy.confirm')}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <div className="stack" data-testid="nft-buy-sheet">
        <div>
          <KeyValueRow label={t('nft.price')} testId="nft-buy-price">
            {price(item.price)}
          </KeyValueRow>
          <KeyValueRow label={t('nft.buy.available')} testId="nft-buy-available">
            {available === undefined ? '--' : `${f.usdt(available)} ${NFT_ASSET}`}
          </KeyValueRow>
          <KeyValueRow label={t('nft.buy.after')} testId="nft-buy-after">
            {after === null ? '--' : `${f.usdt(after)} ${NFT_ASSET}`}
          </KeyValueRow>
          {form.errors.balance && <FieldError name="balance" message={form.errors.balance} />}
        </div>
        <p className="field-hint">{t('nft.buy.note')}</p>
        {!demo && (
          <TradePasswordField
            value={tradePassword}
            error={form.errors.tradePassword}
            onChange={(value) => {
              setTradePassword(value);
              form.clear('tradePassword');
            }}
          />
        )}
      </div>
    </Dialog>
  );
}
