import { userEvent } from '@otc/protocol/socket/schemas';
import { USER_EVENT_FIELD } from '@otc/protocol/socket/user-event-fields';
import { describe, expect, it } from 'vitest';
import { isUserEvent } from './userEvent.ts';

/** Every kind the protocol's union declares, read from the union itself. */
const kinds = userEvent.options.map((o) => o.shape.kind.value);

describe('isUserEvent', () => {
  it.each(kinds)('recognises a %s event of the protocol (not taken for a gap)', (kind) => {
    const field = USER_EVENT_FIELD[kind];
    expect(isUserEvent({ kind, [field]: kind === 'notice' ? 2 : { id: '1' } })).toBe(true);
  });

  it('the protocol names the field of every kind of its union, and no other kind', () => {
    expect(Object.keys(USER_EVENT_FIELD).sort()).toEqual([...kinds].sort());
  });

  it('takes an unknown kind, a missing field or a non-object for a gap', () => {
    expect(isUserEvent({ kind: 'nonsense', order: {} })).toBe(false);
    expect(isUserEvent({ kind: 'toString' })).toBe(false);
    expect(isUserEvent({ kind: 'position' })).toBe(false);
    expect(isUserEvent({ kind: 'notice', unread: '2' })).toBe(false);
    expect(isUserEvent(null)).toBe(false);
    expect(isUserEvent('order')).toBe(false);
  });
});
