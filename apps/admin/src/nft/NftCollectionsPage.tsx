import { nftAdminEndpoints as admin } from '@otc/protocol/nft/endpoints';
import type { AdminNftCollection } from '@otc/protocol/nft/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../api/can.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { NftCollectionDialog } from './NftCollectionDialog.tsx';
import { NftThumb } from './NftThumb.tsx';
import { nftApi, nftKeys } from './nftApi.ts';
import { nftTexts } from './texts.ts';

const t = nftTexts.nft.collections;

/** Units sold of a collection's items, live and demo apart (each realm counts its own). */
const soldOf = (c: AdminNftCollection) =>
  c.items.reduce((sum, i) => ({ live: sum.live + i.sold, demo: sum.demo + i.soldDemo }), {
    live: 0,
    demo: 0,
  });

/**
 * The NFT collections, listed or not, with their items and units sold; a collection's row leads to
 * its items. Admins create and change them (audited by the server); other operators read.
 */
export function NftCollectionsPage() {
  const client = useQueryClient();
  const can = useCan();
  // null: no dialog; 'new': a new collection; a collection: that one's settings.
  const [editing, setEditing] = useState<AdminNftCollection | 'new' | null>(null);
  const notice = useNotice();
  const list = useQuery({ queryKey: nftKeys.catalogue, queryFn: ({ signal }) => nftApi.catalogue(signal) });
  const maySave = can(admin.saveCollection);
  const items = list.data?.items ?? [];
  const open = (what: AdminNftCollection | 'new') => {
    notice.clear();
    setEditing(what);
  };
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="nft-collections-refresh"
      rights={{ allowed: maySave, hint: nftTexts.nft.adminOnlyHint }}
      action={{ label: t.create, testId: 'nft-collection-create', onClick: () => open('new') }}
      notice={notice}
      query={list}
      testId="nft-collections-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.image,
        t.columns.name,
        t.columns.description,
        { label: t.columns.items, className: 'num' },
        { label: t.columns.sold, className: 'num' },
        t.columns.status,
        ...(maySave ? [{ label: t.columns.actions, className: 'col-actions' }] : []),
      ]}
      after={
        editing && (
          <NftCollectionDialog
            collection={editing === 'new' ? null : editing}
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
      {items.map((c) => {
        const sold = soldOf(c);
        return (
          <tr key={c.id} data-testid={`nft-collection-${c.id}`}>
            <td>
              <NftThumb image={c.image} />
            </td>
            <td className="strong">
              <Link to={`/nft/${c.id}`} data-testid="nft-collection-open">
                {c.name}
              </Link>
            </td>
            <td className="muted small">{c.description}</td>
            <td className="num">{c.items.length}</td>
            <td className="num" data-testid="nft-collection-sold">
              {sold.live} / {sold.demo}
            </td>
            <td data-testid="nft-collection-status">{nftTexts.nft.listed[String(c.listed)]}</td>
            {maySave && (
              <td className="col-actions">
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => open(c)}
                  data-testid={`nft-collection-edit-${c.id}`}
                >
                  {nftTexts.nft.edit}
                </button>
              </td>
            )}
          </tr>
        );
      })}
    </ListPage>
  );
}
