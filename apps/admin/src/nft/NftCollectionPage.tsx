import { nftAdminEndpoints as admin } from '@otc/protocol/nft/endpoints';
import type { AdminNftCollection } from '@otc/protocol/nft/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../api/can.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { NftItemDialog } from './NftItemDialog.tsx';
import { NftThumb } from './NftThumb.tsx';
import { nftApi, nftKeys } from './nftApi.ts';
import { nftTexts } from './texts.ts';
import './nft.css';

type Item = AdminNftCollection['items'][number];
const t = nftTexts.nft.collection;

/**
 * One collection's items: price in USDT as the operator set it (exact), supply, units sold per
 * realm and what is left for real buyers. Admins add and change items; other operators read.
 */
export function NftCollectionPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const can = useCan();
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const notice = useNotice();
  const list = useQuery({ queryKey: nftKeys.catalogue, queryFn: ({ signal }) => nftApi.catalogue(signal) });
  const collection = list.data?.items.find((c) => c.id === id);
  const maySave = can(admin.saveItem);
  const items = collection?.items ?? [];
  const open = (what: Item | 'new') => {
    notice.clear();
    setEditing(what);
  };
  return (
    <ListPage
      title={collection ? t.title(collection.name) : nftTexts.nft.collections.title}
      subtitle={collection?.description}
      actions={
        <Link to="/nft" className="back-link" data-testid="nft-back">
          {t.back}
        </Link>
      }
      refreshTestId="nft-items-refresh"
      rights={{ allowed: maySave, hint: nftTexts.nft.adminOnlyHint }}
      action={collection && { label: t.create, testId: 'nft-item-create', onClick: () => open('new') }}
      notice={notice}
      query={list}
      testId="nft-items-table"
      compact
      isEmpty={items.length === 0}
      empty={list.isSuccess && !collection ? t.unknown : t.empty}
      headers={[
        t.columns.image,
        t.columns.name,
        { label: t.columns.price, className: 'num' },
        { label: t.columns.supply, className: 'num' },
        { label: t.columns.soldLive, className: 'num' },
        { label: t.columns.soldDemo, className: 'num' },
        { label: t.columns.remaining, className: 'num' },
        t.columns.status,
        ...(maySave ? [{ label: t.columns.actions, className: 'col-actions' }] : []),
      ]}
      after={
        editing &&
        collection && (
          <NftItemDialog
            collectionId={collection.id}
            item={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              notice.show(t.savedNotice);
              void client.invalidateQueries({ queryKey: nftKeys.catalogue });
              void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
            }}
          />
        )
      }
    >
      {items.map((i) => (
        <tr key={i.id} data-testid={`nft-item-${i.id}`}>
          <td>
            <NftThumb image={i.image} />
          </td>
          <td className="strong">{i.name}</td>
          <td className="num amount" data-testid="nft-item-price">
            {i.price}
          </td>
          <td className="num" data-testid="nft-item-supply">
            {i.supply}
          </td>
          <td className="num" data-testid="nft-item-sold">
            {i.sold}
          </td>
          <td className="num">{i.soldDemo}</td>
          <td className="num">{i.remaining}</td>
          <td data-testid="nft-item-status">{nftTexts.nft.listed[String(i.listed)]}</td>
          {maySave && (
            <td className="col-actions">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => open(i)}
                data-testid={`nft-item-edit-${i.id}`}
              >
                {nftTexts.nft.edit}
              </button>
            </td>
          )}
        </tr>
      ))}
    </ListPage>
  );
}
