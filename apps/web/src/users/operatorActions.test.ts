import { OPERATOR_ACTION_KINDS } from '@otc/protocol/users/schemas';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { operatorActionLabel } from './operatorActions.ts';

describe("the operators' actions on the security page", () => {
  it('read every kind the server may send with a string of its own', () => {
    const kinds = en.settings.security.operatorActions.kinds as Record<string, string>;
    const labels = OPERATOR_ACTION_KINDS.map((action) => operatorActionLabel({ action, status: null }));
    for (const label of labels) expect(kinds[label]).toBeTruthy();
    // Two kinds never read the same, so the user can tell them apart.
    expect(new Set(labels).size).toBe(OPERATOR_ACTION_KINDS.length);
  });

  it('read a status action by the status it set', () => {
    expect(operatorActionLabel({ action: 'user.status', status: 'disabled' })).toBe('userDisabled');
    expect(operatorActionLabel({ action: 'user.status', status: 'active' })).toBe('userEnabled');
  });
});
