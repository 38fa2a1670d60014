import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrorOf, messageToToast } from './errors.ts';

const failure = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ code: 400, msg: 'Something is wrong', key: 'invalid_input', shown: false, ...init });

const FORM = ['account', 'code', 'password', 'confirmPassword', 'inviteCode'] as const;

describe('where a failed request shows its message', () => {
  it('goes under the field the server names, with the server message', () => {
    const error = failure({ key: 'invite_code_invalid', field: 'inviteCode', msg: 'Unknown invite code' });
    expect(fieldErrorOf(error, FORM)).toEqual({ field: 'inviteCode', message: 'Unknown invite code' });
  });

  it('shows an email or phone taken under the one account field', () => {
    const taken = failure({ code: 409, key: 'account_exists', field: 'email', msg: 'Email is taken' });
    expect(fieldErrorOf(taken, FORM)).toEqual({ field: 'account', message: 'Email is taken' });
    const phone = failure({ code: 409, key: 'account_exists', field: 'phone', msg: 'Phone is taken' });
    expect(fieldErrorOf(phone, FORM)?.field).toBe('account');
  });

  it('puts errors the server sends without a field under the field their key concerns', () => {
    expect(fieldErrorOf(failure({ key: 'code_invalid', msg: 'Wrong code' }), FORM)).toEqual({
      field: 'code',
      message: 'Wrong code',
    });
    expect(fieldErrorOf(failure({ code: 401, key: 'login_failed' }), FORM)?.field).toBe('password');
  });

  it('shows a money move’s refused authenticator code under a code box, whatever the box is called', () => {
    const wrong = failure({ key: 'totp_code_wrong', field: 'totpCode', msg: 'Wrong authenticator code' });
    expect(fieldErrorOf(wrong, ['code'])).toEqual({ field: 'code', message: 'Wrong authenticator code' });
    expect(fieldErrorOf(wrong, ['oldPassword', 'totpCode'])?.field).toBe('totpCode');
    expect(fieldErrorOf(failure({ key: 'totp_code_required', field: 'totpCode' }), ['code'])?.field).toBe(
      'code',
    );
  });

  it('goes under the first field of a form that has one of those the key concerns', () => {
    const poor = failure({ key: 'insufficient_balance', msg: 'Not enough USDT' });
    expect(fieldErrorOf(poor, ['toUserId', 'amount', 'tradePassword'])?.field).toBe('amount');
    expect(fieldErrorOf(poor, ['price', 'qty'])?.field).toBe('qty');
    expect(fieldErrorOf(failure({ key: 'trade_password_wrong' }), ['amount', 'tradePassword'])?.field).toBe(
      'tradePassword',
    );
  });

  it('is a result to toast when the form has no such field, or it concerns none', () => {
    expect(fieldErrorOf(failure({ key: 'captcha_invalid' }), FORM)).toBeNull();
    expect(fieldErrorOf(failure({ code: 429, key: 'rate_limited' }), FORM)).toBeNull();
    expect(fieldErrorOf(new Error('boom'), FORM)).toBeNull();
    expect(messageToToast(failure({ code: 429, key: 'rate_limited', msg: 'Slow down' }))).toBe('Slow down');
  });

  it('is not toasted twice, nor when the caller aborted', () => {
    expect(messageToToast(failure({ shown: true }))).toBeNull();
    expect(messageToToast(failure({ code: 0, key: 'aborted', msg: 'aborted' }))).toBeNull();
    expect(messageToToast(new Error('not ours'))).toBeNull();
  });
});
