import type { AdminNftCollection } from '@otc/protocol/nft/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { ImageField } from './ImageField.tsx';
import { ListedCheck } from './ListedCheck.tsx';
import { nftApi } from './nftApi.ts';
import { fieldErrorOf, imageIdOf, supplyOf } from './nftForm.ts';
import { nftTexts } from './texts.ts';
import './nft.css';

type Item = AdminNftCollection['items'][number];
const t = nftTexts.nft.itemForm;
const FIELDS = ['name', 'description', 'price', 'supply', 'imageId'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A new item of a collection, or one's settings. The price goes as the operator typed it (an exact
 * decimal string); the supply only when it is a whole number (else it is said here, nothing sent).
 * The server's refusal (a price that is not one, no units, a supply below what is sold, no name)
 * is shown under the field it names, and nothing is saved.
 */
export function NftItemDialog(props: {
  collectionId: string;
  item: Item | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { item } = props;
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item?.price ?? '');
  const [supply, setSupply] = useState(item ? String(item.supply) : '');
  const [imageId, setImageId] = useState(imageIdOf(item?.image ?? null));
  const [listed, setListed] = useState(item?.listed ?? true);
  const [supplyWhole, setSupplyWhole] = useState(true);
  const save = useMutation({
    mutationFn: (units: number) =>
      nftApi.saveItem({
        ...(item ? { id: item.id } : {}),
        collectionId: props.collectionId,
        name,
        description,
        imageId,
        price: price.trim(),
        supply: units,
        listed,
      }),
    onSuccess: props.onSaved,
  });
  const busy = save.isPending;
  const refused = fieldErrorOf(save.error, FIELDS);
  const errorOf = (field: Field) => {
    if (field === 'supply' && !supplyWhole) return t.supplyWhole;
    return refused?.field === field ? refused.message : undefined;
  };
  return (
    <FormDialog
      title={item ? t.editTitle : t.createTitle}
      hint={
        <>
          <p className="muted small">{t.hint}</p>
          {item && <p className="muted small">{t.sold(item.sold, item.soldDemo)}</p>}
        </>
      }
      busy={busy}
      error={refused ? null : save.error}
      submitLabel={t.save}
      busyLabel={nftTexts.nft.saving}
      onSubmit={() => {
        const units = supplyOf(supply);
        setSupplyWhole(units !== null);
        save.reset();
        if (units !== null) save.mutate(units);
      }}
      onClose={props.onClose}
      testIds={{ dialog: 'nft-item-dialog', submit: 'nft-item-save' }}
    >
      <div className="nft-wide">
        <FormField
          label={t.name}
          name="name"
          value={name}
          onChange={setName}
          error={errorOf('name')}
          disabled={busy}
          inputMode="text"
        />
      </div>
      <FormField
        label={t.price}
        name="price"
        value={price}
        onChange={setPrice}
        error={errorOf('price')}
        disabled={busy}
        inputMode="decimal"
      />
      <FormField
        label={t.supply}
        name="supply"
        value={supply}
        onChange={(value) => {
          setSupply(value);
          setSupplyWhole(true);
        }}
        error={errorOf('supply')}
        disabled={busy}
        inputMode="numeric"
      />
      <div className="nft-wide">
        <FormField
          label={t.description}
          name="description"
          value={description}
          onChange={setDescription}
          error={errorOf('description')}
          disabled={busy}
          rows={3}
        />
      </div>
      <ImageField
        imageId={imageId}
        onChange={setImageId}
        name={name}
        disabled={busy}
        error={errorOf('imageId')}
      />
      <ListedCheck label={t.listed} checked={listed} onChange={setListed} disabled={busy} />
    </FormDialog>
  );
}
