import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { fieldErrorOf, imageIdOf, supplyOf } from '../../src/nft/nftForm.ts';

const ID = '0b6c8f1e-6a57-4a0e-9d43-2f7c2d9a1b55';

describe('the NFT dialogs’ pure parts', () => {
  it('reads the upload id back from an image’s public path, so saving an edit keeps the image', () => {
    expect(imageIdOf(`/api/common/upload/public/${ID}`)).toBe(ID);
    expect(imageIdOf(null)).toBeNull();
    expect(imageIdOf('/api/common/upload/public/')).toBeNull();
    expect(imageIdOf(`/elsewhere/${ID}`)).toBeNull();
  });

  it('sends a supply only when it is a whole number of units', () => {
    expect(supplyOf(' 100 ')).toBe(100);
    expect(supplyOf('0')).toBe(0); // the server answers why none is no offer
    for (const bad of ['', '1.5', '-1', 'ten', '1e3', '1234567890123456']) expect(supplyOf(bad)).toBeNull();
  });

  it('puts the server’s refusal under the field it names, and only a field of the dialog', () => {
    const price = new ApiError(400, 'The price is not valid.', 'field_invalid', 'price');
    expect(fieldErrorOf(price, ['name', 'price'] as const)).toEqual({
      field: 'price',
      message: 'The price is not valid.',
    });
    const other = new ApiError(
      404,
      'This collection does not exist.',
      'nft_collection_unknown',
      'collectionId',
    );
    expect(fieldErrorOf(other, ['name', 'price'] as const)).toBeNull();
    expect(fieldErrorOf(new Error('offline'), ['name'] as const)).toBeNull();
    expect(fieldErrorOf(null, ['name'] as const)).toBeNull();
  });
});
