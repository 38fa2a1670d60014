import type { AddressEntry } from '@otc/protocol/cashier/address/schemas';
import type { WithdrawInfo } from '@otc/protocol/cashier/withdrawal/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryState, SelectField } from '../../money/screenParts.ts';
import { useMoneyForm } from '../../money/useMoneyForm.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { codeAsked, TotpCodeDialog } from '../../ui/TotpCodeDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useChainName } from '../chainName.ts';
import { withdrawalKeys, withdrawalsApi } from '../withdrawal/withdrawalsApi.ts';
import { ADDRESS_FIELDS, type AddressValues, addressForm } from './addressForm.ts';
import '../../money/money.css';
import '../withdrawal/withdrawals.css';

const ADDRESS_LIST_PATH = '/pages/assets/tibidizhi';

/** `tibidizhiEdit`: a new withdrawal address, or one of the book's (`?id=`) changed. */
export default function AddressEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const info = useQuery({ queryKey: withdrawalKeys.info, queryFn: withdrawalsApi.info });
  const book = useQuery({
    queryKey: withdrawalKeys.addresses(''),
    queryFn: () => withdrawalsApi.addresses(''),
    enabled: id !== '',
  });
  const entry = book.data?.items.find((e) => e.id === id);
  const pending = info.isPending || (id !== '' && book.isPending);
  if (!info.data || pending) {
    return (
      <div className="page-pad">
        <QueryState pending={pending} error={info.error ?? book.error} onRetry={() => void info.refetch()} />
      </div>
    );
  }
  return <AddressForm key={entry?.id ?? 'new'} info={info.data} entry={entry} />;
}

function AddressForm({ info, entry }: { info: WithdrawInfo; entry: AddressEntry | undefined }) {
  const { t } = useTranslation();
  const chainName = useChainName();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useMoneyForm(ADDRESS_FIELDS);
  const [address, setAddress] = useState(entry?.address ?? '');
  const [remark, setRemark] = useState(entry?.remark ?? '');
  const [chainId, setChainId] = useState(entry?.chainId ?? info.chains[0]?.chainId ?? 0);
  const [busy, setBusy] = useState(false);
  // Two-factor on: the checked entry waits for the authenticator's code (decision 0158).
  const [verifying, setVerifying] = useState<AddressValues | null>(null);

  /** Saves the checked entry; a refusal is thrown to the caller (the form or the code box). */
  const save = async (ready: AddressValues, totpCode?: string) => {
    setBusy(true);
    try {
      const body = { ...ready, currency: 'USDT' as const, ...(totpCode ? { totpCode } : {}) };
      await (entry ? withdrawalsApi.edit({ ...body, id: entry.id }) : withdrawalsApi.bind(body));
      setVerifying(null);
      await client.invalidateQueries({ queryKey: ['cashier', 'addresses'] });
      toast(t('funding.addressEdit.saved'));
      void navigate(ADDRESS_LIST_PATH);
    } finally {
      setBusy(false);
    }
  };

  const refused = (error: unknown) => {
    setVerifying(null);
    form.fail(error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const ready = form.check(addressForm({ address, remark, chainId }));
    if (!ready) return;
    if (info.totpRequired) setVerifying(ready);
    else save(ready).catch((error: unknown) => (codeAsked(error) ? setVerifying(ready) : refused(error)));
  };

  return (
    <>
      {verifying && (
        <TotpCodeDialog
          submit={(code) => save(verifying, code)}
          onCancel={() => setVerifying(null)}
          onRefused={refused}
        />
      )}
      <form className="page-pad stack" onSubmit={submit} noValidate>
        <section className="card stack">
          <SelectField
            label={t('funding.withdraw.chain')}
            value={String(chainId)}
            options={info.chains.map((c) => ({
              value: String(c.chainId),
              label: chainName(c.chainId, c.name),
            }))}
            error={form.errors.chainId}
            onChange={(e) => setChainId(Number(e.target.value))}
            data-testid="address-chain"
          />
          <Field
            label={t('funding.addressEdit.address')}
            name="address"
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            value={address}
            error={form.errors.address}
            onChange={(e) => {
              setAddress(e.target.value);
              form.clear('address');
            }}
            data-testid="address-input"
          />
          <Field
            label={t('funding.addressEdit.remark')}
            name="remark"
            autoComplete="off"
            maxLength={60}
            placeholder={t('funding.addressEdit.remarkPlaceholder')}
            value={remark}
            error={form.errors.remark}
            onChange={(e) => {
              setRemark(e.target.value);
              form.clear('remark');
            }}
            data-testid="remark-input"
          />
        </section>
        <Button type="submit" block loading={busy} data-testid="address-save">
          {t('funding.addressEdit.save')}
        </Button>
      </form>
    </>
  );
}
