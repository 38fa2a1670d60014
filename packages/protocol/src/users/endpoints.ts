import type { user } from '../auth/schemas.ts';
import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { post } = routesOn<typeof schemas & { readonly user: typeof user }>();

/** The security centre and the settings page: passwords, active sessions, operators' actions, nickname and avatar. */
export const usersEndpoints = endpoints('users', {
  changePassword: post('/api/auth/changepassword', {
    body: 'changePasswordBody',
    response: 'noData',
    auth: 'user',
    summary: 'Change the login password (the old one is asked); every other session of the user ends',
  }),
  setTradePassword: post('/api/auth/settradepassword', {
    body: 'setTradePasswordBody',
    response: 'noData',
    auth: 'user',
    summary:
      'Set a transaction password of its own (with the one in force, if any); it no longer follows the login password',
  }),
  sessions: post('/api/auth/sessions', {
    body: 'emptyBody',
    response: 'activeSessions',
    auth: 'user',
    summary: 'The caller’s active sessions: device, address, last seen, the current one marked',
  }),
  endSession: post('/api/auth/sessions/end', {
    body: 'endSessionBody',
    response: 'noData',
    auth: 'user',
    summary: 'End one of the caller’s sessions by its public id',
  }),
  endOtherSessions: post('/api/auth/sessions/endothers', {
    body: 'emptyBody',
    response: 'endedSessions',
    auth: 'user',
    summary: 'End every session of the caller but the current one',
  }),
  totpState: post('/api/auth/totp/state', {
    body: 'emptyBody',
    response: 'totpState',
    auth: 'user',
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
  }),
  totpSetup: post('/api/auth/totp/setup', {
    body: 'emptyBody',
    response: 'totpSetup',
    auth: 'user',
    live: true,
    summary:
      'A new authenticator secret (base32 and otpauth:// address), on once a code confirms it; refused while two-factor is on',
  }),
  totpEnable: post('/api/auth/totp/enable', {
    body: 'totpCodeBody',
    response: 'totpRecoveryCodes',
    auth: 'user',
    live: true,
    summary:
      'Turn two-factor on with a current code of the set-up secret; answers 10 recovery codes, shown once',
  }),
  totpDisable: post('/api/auth/totp/disable', {
    body: 'totpCodeBody',
    response: 'noData',
    auth: 'user',
    live: true,
    summary: 'Turn two-factor off with a current code or an unused recovery code',
  }),
  passkeys: post('/api/auth/passkeys', {
    body: 'emptyBody',
    response: 'passkeyList',
    auth: 'user',
    summary: 'The caller’s passkeys: name, added, last used',
  }),
  passkeyRegisterOptions: post('/api/auth/passkeys/options', {
    body: 'emptyBody',
    response: 'passkeyOptions',
    auth: 'user',
    live: true,
    summary:
      'Options for navigator.credentials.create: a one-use challenge (5 minutes), the caller’s passkeys excluded',
  }),
  passkeyRegister: post('/api/auth/passkeys/add', {
    body: 'passkeyRegisterBody',
    response: 'passkey',
    auth: 'user',
    live: true,
    summary:
      'Add a passkey: the authenticator’s answer to the options’ challenge (user verification required)',
  }),
  passkeyRemove: post('/api/auth/passkeys/remove', {
    body: 'passkeyRemoveBody',
    response: 'noData',
    auth: 'user',
    live: true,
    summary:
      'Remove one of the caller’s passkeys: the login password, and the authenticator code once two-factor is on',
  }),
  nickname: post('/api/user/nickname', {
    body: 'nicknameBody',
    response: 'user',
    auth: 'user',
    summary: 'Change the nickname (1 to 20 characters once trimmed, shown as plain text)',
  }),
  avatar: post('/api/user/avatar', {
    body: 'avatarBody',
    response: 'user',
    auth: 'user',
    summary: 'Set the avatar to an image the caller uploaded with purpose avatar, or remove it (null)',
  }),
  operatorActions: post('/api/user/operatoractions', {
    body: 'operatorActionsBody',
    response: 'operatorActions',
    auth: 'user',
    summary:
      'The operators’ actions on the caller’s account, newest first, a page at a time: reviews, documents looked at, status, adjustments',
  }),
});
