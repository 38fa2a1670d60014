import { describe, expect, it } from 'vitest';
import { shareableLink } from './inviteLink.ts';

describe('the invite link to share', () => {
  it('is the server’s when it names its public origin', () => {
    expect(
      shareableLink('https://otc.example/#/pages/login/register?invite=ABCD2345', 'http://10.0.0.2'),
    ).toBe('https://otc.example/#/pages/login/register?invite=ABCD2345');
  });
  it('takes the app’s origin when the server gives a path alone', () => {
    expect(shareableLink('/#/pages/login/register?invite=ABCD2345', 'http://10.0.0.2:8080')).toBe(
      'http://10.0.0.2:8080/#/pages/login/register?invite=ABCD2345',
    );
  });
});
