import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { checkAccount, checkCodeForm, checkLogin, checkRegister, type RegisterValues } from './validate.ts';

const valid: RegisterValues = {
  type: 'email',
  account: 'ann@example.com',
  code: '123456',
  password: 'abcdef12',
  confirmPassword: 'abcdef12',
  inviteCode: '',
  agree: true,
};

describe('registration checks', () => {
  it('accepts a complete form, with or without an invite code', () => {
    expect(checkRegister(valid)).toBeNull();
    expect(checkRegister({ ...valid, inviteCode: 'AB12CD' })).toBeNull();
  });

  it('asks for each missing entry in form order, with the seed prompts', () => {
    expect(checkRegister({ ...valid, account: '' })).toEqual({
      field: 'account',
      key: 'auth.errors.enterEmail',
    });
    expect(checkRegister({ ...valid, type: 'mobile', account: '' })).toEqual({
      field: 'account',
      key: 'auth.errors.enterPhone',
    });
    expect(checkRegister({ ...valid, code: '' })).toEqual({ field: 'code', key: 'auth.errors.enterCode' });
    expect(checkRegister({ ...valid, password: '', confirmPassword: '' })).toEqual({
      field: 'password',
      key: 'auth.errors.enterPassword',
    });
    expect(checkRegister({ ...valid, confirmPassword: '' })).toEqual({
      field: 'confirmPassword',
      key: 'auth.errors.confirmPassword',
    });
    expect(checkRegister({ ...valid, confirmPassword: 'abcdef13' })).toEqual({
      field: 'confirmPassword',
      key: 'auth.errors.mismatch',
    });
    expect(checkRegister({ ...valid, agree: false })).toEqual({
      field: 'agree',
      key: 'auth.errors.agreement',
    });
    expect(en.auth.errors.agreement).toBe('Please confirm the agreement');
    expect(en.auth.errors.mismatch).toBe('The two passwords do not match');
  });

  it('refuses weak passwords, bad codes, accounts and invite codes', () => {
    expect(checkRegister({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({
      field: 'password',
      key: 'auth.errors.weakPassword',
    });
    expect(en.auth.errors.weakPassword).toBe('At least 8 characters with a letter and a digit');
    expect(checkRegister({ ...valid, code: '12345' })).toEqual({
      field: 'code',
      key: 'auth.errors.invalidCode',
    });
    expect(checkRegister({ ...valid, account: 'ann@' })).toEqual({
      field: 'account',
      key: 'auth.errors.invalidEmail',
    });
    expect(checkRegister({ ...valid, type: 'mobile', account: '5551234567' })).toEqual({
      field: 'account',
      key: 'auth.errors.invalidPhone',
    });
    expect(checkRegister({ ...valid, inviteCode: 'a!' })).toEqual({
      field: 'inviteCode',
      key: 'auth.errors.invalidInviteCode',
    });
  });
});

describe('reset and login checks', () => {
  it('checks the reset form like registration, without invite or agreement', () => {
    const { inviteCode: _invite, agree: _agree, ...reset } = valid;
    expect(checkCodeForm(reset)).toBeNull();
    expect(checkCodeForm({ ...reset, type: 'mobile', account: '+12015550123' })).toBeNull();
    expect(checkAccount('mobile', '+12015550123')).toBeNull();
  });

  it('asks for account and password (the security check is solved, not entered)', () => {
    const login = { account: 'ann@example.com', password: 'x' };
    expect(checkLogin(login)).toBeNull();
    expect(checkLogin({ ...login, account: '' })).toEqual({
      field: 'account',
      key: 'auth.errors.enterAccount',
    });
    expect(checkLogin({ ...login, password: '' })).toEqual({
      field: 'password',
      key: 'auth.errors.enterPassword',
    });
  });
});
