import { describe, expect, it } from 'vitest';
import { withdrawAddress } from './withdrawAddress.ts';

const book = [{ address: '0xA' }, { address: '0xB' }];

describe('the withdraw form’s address', () => {
  it('starts on the first saved address, not on an empty new one', () => {
    expect(withdrawAddress(null, book)).toBe('0xA');
  });

  it('is empty without saved addresses, and what the user chose or typed once they did', () => {
    expect(withdrawAddress(null, [])).toBe('');
    expect(withdrawAddress('0xB', book)).toBe('0xB');
    expect(withdrawAddress('0xTyped', book)).toBe('0xTyped');
    // "A new address": the field empties and stays so.
    expect(withdrawAddress('', book)).toBe('');
  });
});
