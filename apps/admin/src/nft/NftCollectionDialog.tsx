import type { AdminNftCollection } from '@otc/protocol/nft/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { ImageField } from './ImageField.tsx';
import { ListedCheck } from './ListedCheck.tsx';
import { nftApi } from './nftApi.ts';
import { fieldErrorOf, imageIdOf } from './nftForm.ts';
import { nftTexts } from './texts.ts';
import './nft.css';

const t = nftTexts.nft.collectionForm;
const FIELDS = ['name', 'description', 'imageId'] as const;

/**
 * A new NFT collection, or one's name, description, image and whether it is listed. What is typed
 * goes as typed: the server checks it and its refusal is shown under the field it names.
 */
export function NftCollectionDialog(props: {
  collection: AdminNftCollection | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { collection } = props;
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [imageId, setImageId] = useState(imageIdOf(collection?.image ?? null));
  const [listed, setListed] = useState(collection?.listed ?? true);
  const save = useMutation({
    mutationFn: () =>
      nftApi.saveCollection({
        ...(collection ? { id: collection.id } : {}),
        name,
        description,
        imageId,
        listed,
      }),
    onSuccess: props.onSaved,
  });
  const busy = save.isPending;
  const refused = fieldErrorOf(save.error, FIELDS);
  const errorOf = (field: (typeof FIELDS)[number]) =>
    refused?.field === field ? refused.message : undefined;
  return (
    <FormDialog
      title={collection ? t.editTitle : t.createTitle}
      hint={<p className="muted small">{t.hint}</p>}
      busy={busy}
      error={refused ? null : save.error}
      submitLabel={t.save}
      busyLabel={nftTexts.nft.saving}
      onSubmit={() => save.mutate()}
      onClose={props.onClose}
      testIds={{ dialog: 'nft-collection-dialog', submit: 'nft-collection-save' }}
    >
      <FormField
        label={t.name}
        name="name"
        value={name}
        onChange={setName}
        error={errorOf('name')}
        disabled={busy}
        inputMode="text"
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
