import type { AddressEntry } from '@otc/protocol/cashier/address/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../money/screenParts.ts';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/dialog.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { codeAsked, TotpCodeDialog } from '../../ui/TotpCodeDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useFieldErrors } from '../../ui/useFieldErrors.ts';
import { useChainName } from '../chainName.ts';
import { chainLabel, withdrawalKeys, withdrawalsApi } from '../withdrawal/withdrawalsApi.ts';
import '../../money/money.css';
import '../withdrawal/withdrawals.css';

export const ADDRESS_EDIT_PATH = '/pages/assets/tibidizhiEdit';

/** `tibidizhi`: the withdrawal address book, searchable by address or remark. */
export default function AddressListPage() {
  const { t } = useTranslation();
  const chainName = useChainName();
  const [keyword, setKeyword] = useState('');
  const search = keyword.trim();
  const list = useQuery({
    queryKey: withdrawalKeys.addresses(search),
    queryFn: () => withdrawalsApi.addresses(search),
  });
  const info = useQuery({ queryKey: withdrawalKeys.info, queryFn: withdrawalsApi.info });
  const client = useQueryClient();
  const chains = info.data?.chains ?? [];

  // Two-factor on: the confirmed deletion waits for the authenticator's code (decision 0158).
  const [verifying, setVerifying] = useState<AddressEntry | null>(null);
  // No field here: a refusal is a toast.
  const failures = useFieldErrors([]);

  const erase = async (entry: AddressEntry, totpCode?: string) => {
    await withdrawalsApi.remove(totpCode ? { id: entry.id, totpCode } : { id: entry.id });
    setVerifying(null);
    toast(t('funding.addresses.deleted'));
    await client.invalidateQueries({ queryKey: ['cashier', 'addresses'] });
  };

  const remove = async (entry: AddressEntry) => {
    if (!(await confirm(t('funding.addresses.confirmDelete')))) return;
    if (info.data?.totpRequired) setVerifying(entry);
    else
      await erase(entry).catch((error: unknown) =>
        codeAsked(error) ? setVerifying(entry) : failures.fail(error),
      );
  };

  return (
    <div className="page-pad stack">
      {verifying && (
        <TotpCodeDialog
          submit={(code) => erase(verifying, code)}
          onCancel={() => setVerifying(null)}
          onRefused={(error) => {
            setVerifying(null);
            failures.fail(error);
          }}
        />
      )}
      <Field
        label={t('funding.addresses.search')}
        name="keyword"
        type="search"
        autoComplete="off"
        placeholder={t('funding.addresses.searchPlaceholder')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="address-search"
      />
      {!list.data ? (
        <QueryState pending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon="pin" title={t('funding.addresses.empty')} />
      ) : (
        <ul className="card stack" data-testid="address-list">
          {list.data.items.map((entry) => (
            <li key={entry.id} className="record" data-testid="address-row">
              <div className="record-main">
                <span className="record-title">{entry.remark || entry.currency}</span>
                <span className="record-sub address-text" data-testid="address-value">
                  {entry.address}
                </span>
                <span className="record-sub">
                  {entry.currency} · {chainName(entry.chainId, chainLabel(chains, entry.chainId))}
                </span>
              </div>
              <div className="record-amounts">
                <Link
                  className="btn btn-text"
                  to={`${ADDRESS_EDIT_PATH}?id=${entry.id}`}
                  data-testid="address-edit"
                >
                  {t('funding.addresses.edit')}
                </Link>
                <Button variant="text" onClick={() => void remove(entry)} data-testid="address-delete">
                  {t('funding.addresses.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link to={ADDRESS_EDIT_PATH} className="btn btn-primary btn-block" data-testid="address-add">
        <Icon name="plus" size={18} /> {t('funding.addresses.add')}
      </Link>
    </div>
  );
}
