import type { Messages } from './en.ts';

export const sv: Messages = {
  success: 'Åtgärden lyckades',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'Begäran är ogiltig.',
  field_required: 'Ange {{field}}.',
  field_invalid: 'Värdet för {{field}} är ogiltigt.',
  field_too_long: 'Värdet för {{field}} är för långt.',
  password_weak: 'Lösenordet måste ha minst 8 tecken och innehålla en bokstav och en siffra.',
  password_mismatch: 'Lösenorden matchar inte.',
  agreement_required: 'Bekräfta avtalet',
  code_invalid: 'Verifieringskoden är felaktig.',
  code_expired: 'Verifieringskoden har gått ut eller har redan använts. Begär en ny.',
  code_too_many_attempts: 'För många felaktiga koder. Begär en ny.',
  captcha_required: 'Ange captcha-koden.',
  captcha_invalid: 'Captcha-koden är felaktig eller har gått ut. Försök med den nya.',
  invite_code_invalid: 'Den här inbjudningskoden finns inte.',
  siwe_invalid: 'Plånbokens signatur kunde inte verifieras.',
  siwe_domain_mismatch: 'Den här inloggningsbegäran skapades för en annan webbplats.',
  siwe_nonce_invalid: 'Den här inloggningsbegäran har redan använts eller är okänd. Signera igen.',
  siwe_expired: 'Den här inloggningsbegäran har gått ut. Signera igen.',
  wallet_type_unsupported: 'Den här plånbokstypen stöds inte.',
  unauthorized: 'Logga in.',
  login_failed: 'Kontot eller lösenordet är felaktigt.',
  forbidden: 'Du har inte behörighet att göra detta.',
  account_disabled: 'Det här kontot är inaktiverat.',
  outcome_setting_unsupported: 'Det går inte att ställa in utfall: priserna avgör utfallen.',
  allowance_unsupported:
    'Token-godkännanden (allowances) används inte: insättningar är överföringar av exakt belopp som du bekräftar i din plånbok.',
  not_found: 'Hittades inte.',
  account_not_found: 'Det finns inget konto med {{field}}.',
  account_exists: 'Det finns redan ett konto med {{field}}.',
  code_resend_too_soon: 'Vänta {{seconds}} s innan du begär en ny kod.',
  rate_limited: 'För många förfrågningar. Försök igen om en stund.',
  internal: 'Något gick fel hos oss. Försök igen.',
  not_available_yet: 'Den här funktionen är inte tillgänglig än.',

  // Field names, as used in the messages above.
  'field.account': 'ditt konto',
  'field.email': 'din e-postadress',
  'field.phone': 'ditt telefonnummer',
  'field.code': 'verifieringskoden',
  'field.password': 'ditt lösenord',
  'field.confirmPassword': 'lösenordsbekräftelsen',
  'field.inviteCode': 'inbjudningskoden',
  'field.captcha': 'captcha-koden',
  'field.captchaId': 'captcha-koden',
  'field.agree': 'godkännandet av avtalet',
  'field.purpose': 'syftet',
  'field.type': 'kontotypen',
  'field.address': 'plånboksadressen',
  'field.signature': 'signaturen',
  'field.message': 'inloggningsmeddelandet',
  'field.wallet_type': 'plånbokstypen',
  'field.chainId': 'nätverket',
  'field.userId': 'användar-ID:t',
  'field.status': 'statusen',
  'field.role': 'rollen',
  'field.page': 'sidan',
  'field.pageSize': 'sidstorleken',
  'field.q': 'sökningen',
  'field.kind': 'kontosorten',
  'field.target': 'mottagaren',
  'field.action': 'åtgärden',
  'field.body': 'begäran',

  // Verification code delivery.
  'code.subject': 'Din verifieringskod för OTC Markets',
  'code.body.register':
    'Din kod för att skapa ditt konto hos OTC Markets är {{code}}. Den är giltig i {{minutes}} minuter. Om du inte har begärt den kan du ignorera detta meddelande.',
  'code.body.reset':
    'Din kod för att återställa ditt lösenord hos OTC Markets är {{code}}. Den är giltig i {{minutes}} minuter. Om du inte har begärt den kan du ignorera detta meddelande och behålla ditt lösenord.',
  'captcha.subject': 'Captcha-svar (utvecklingseko)',

  // Demo users.
  'demo.nickname': 'Demohandlare',
  'wallet.statement':
    'Logga in på OTC Markets. Den här begäran utlöser ingen blockkedjetransaktion och kostar ingen gas.',
};
