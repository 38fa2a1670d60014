import type { Messages } from './en.ts';

export const de: Messages = {
  success: 'Vorgang erfolgreich',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'Die Anfrage ist ungültig.',
  field_required: 'Bitte geben Sie {{field}} ein.',
  field_invalid: 'Ungültige Eingabe. Bitte überprüfen Sie {{field}}.',
  field_too_long: 'Die Eingabe für {{field}} ist zu lang.',
  password_weak:
    'Das Passwort muss mindestens 8 Zeichen lang sein und einen Buchstaben sowie eine Ziffer enthalten.',
  password_mismatch: 'Die beiden Passwörter stimmen nicht überein.',
  agreement_required: 'Bitte bestätigen Sie die Vereinbarung',
  code_invalid: 'Der Bestätigungscode ist falsch.',
  code_expired:
    'Der Bestätigungscode ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
  code_too_many_attempts: 'Zu viele falsche Codes. Bitte fordern Sie einen neuen an.',
  captcha_required: 'Bitte geben Sie das Captcha ein.',
  captcha_invalid: 'Das Captcha ist falsch oder abgelaufen. Bitte versuchen Sie es mit dem neuen.',
  invite_code_invalid: 'Dieser Einladungscode existiert nicht.',
  siwe_invalid: 'Die Wallet-Signatur konnte nicht verifiziert werden.',
  siwe_domain_mismatch: 'Diese Anmeldeanfrage wurde für eine andere Website erstellt.',
  siwe_nonce_invalid:
    'Diese Anmeldeanfrage wurde bereits verwendet oder ist unbekannt. Bitte signieren Sie erneut.',
  siwe_expired: 'Diese Anmeldeanfrage ist abgelaufen. Bitte signieren Sie erneut.',
  wallet_type_unsupported: 'Dieser Wallet-Typ wird nicht unterstützt.',
  amount_invalid: 'Bitte geben Sie einen Betrag größer als null ein.',
  amount_precision: 'Für diesen Vermögenswert sind höchstens {{decimals}} Nachkommastellen zulässig.',
  asset_unknown: 'Dieser Vermögenswert wird nicht unterstützt.',
  same_account: 'Bitte wählen Sie zwei verschiedene Konten.',
  same_asset: 'Bitte wählen Sie zwei verschiedene Vermögenswerte.',
  recipient_self: 'Sie können nicht an Ihre eigene Benutzer-ID übertragen.',
  insufficient_balance: 'Das verfügbare Guthaben reicht nicht aus.',
  trade_password_required: 'Bitte legen Sie zuerst ein Transaktionspasswort fest',
  trade_password_wrong: 'Das Transaktionspasswort ist falsch.',
  quote_expired: 'Dieses Kursangebot ist abgelaufen. Bitte fordern Sie ein neues Kursangebot an.',
  already_decided: 'Über diese Anfrage wurde bereits entschieden.',
  idempotency_conflict:
    'Diese Anfrage wurde bereits für einen anderen Vorgang verwendet. Bitte versuchen Sie es erneut.',
  unauthorized: 'Bitte melden Sie sich an.',
  login_failed: 'Konto oder Passwort ist falsch.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  account_disabled: 'Dieses Konto ist deaktiviert.',
  outcome_setting_unsupported:
    'Das Festlegen von Ergebnissen wird nicht unterstützt: Die Ergebnisse werden durch die Preise bestimmt.',
  demo_not_allowed: 'Mit simulierten Konten ist diese Aktion nicht möglich.',
  second_operator_required: 'Über diese Anfrage muss ein zweiter Bearbeiter entscheiden.',
  allowance_unsupported:
    'Token-Freigaben (Allowances) werden nicht verwendet: Einzahlungen sind Überweisungen über den genauen Betrag, die Sie in Ihrer Wallet bestätigen.',
  not_found: 'Nicht gefunden.',
  account_not_found: 'Für {{field}} wurde kein Konto gefunden.',
  recipient_unknown:
    'Kein Benutzer mit dieser Benutzer-ID kann Übertragungen empfangen. Bitte überprüfen Sie die ID.',
  quote_unknown: 'Dieses Kursangebot existiert nicht.',
  proof_unavailable:
    'Es wurde noch kein Verbindlichkeitsnachweis veröffentlicht. Bitte sehen Sie später noch einmal nach.',
  proof_not_included: 'Ihr Konto hatte zum Zeitpunkt des letzten Snapshots kein Guthaben.',
  account_exists: 'Für {{field}} ist bereits ein Konto registriert.',
  code_resend_too_soon: 'Bitte warten Sie {{seconds}} s, bevor Sie einen neuen Code anfordern.',
  rate_limited: 'Zu viele Anfragen. Bitte versuchen Sie es in Kürze erneut.',
  internal: 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  not_available_yet: 'Diese Funktion ist noch nicht verfügbar.',

  // Field names, as used in the messages above.
  'field.account': 'Ihr Konto',
  'field.email': 'Ihre E-Mail-Adresse',
  'field.phone': 'Ihre Telefonnummer',
  'field.code': 'den Bestätigungscode',
  'field.password': 'Ihr Passwort',
  'field.confirmPassword': 'die Passwortbestätigung',
  'field.inviteCode': 'den Einladungscode',
  'field.captcha': 'das Captcha',
  'field.captchaId': 'das Captcha',
  'field.agree': 'die Zustimmung zur Vereinbarung',
  'field.purpose': 'den Zweck',
  'field.type': 'den Kontotyp',
  'field.address': 'die Wallet-Adresse',
  'field.signature': 'die Signatur',
  'field.message': 'die Anmeldenachricht',
  'field.wallet_type': 'den Wallet-Typ',
  'field.chainId': 'das Netzwerk',
  'field.userId': 'die Benutzer-ID',
  'field.status': 'den Status',
  'field.role': 'die Rolle',
  'field.page': 'die Seite',
  'field.pageSize': 'die Seitengröße',
  'field.q': 'den Suchbegriff',
  'field.kind': 'die Kontoart',
  'field.target': 'den Empfänger',
  'field.action': 'die Aktion',
  'field.body': 'die Anfrage',
  'field.amount': 'den Betrag',
  'field.asset': 'den Vermögenswert',
  'field.from': 'das Quellkonto',
  'field.to': 'das Zielkonto',
  'field.toUserId': 'die Benutzer-ID des Empfängers',
  'field.tradePassword': 'das Transaktionspasswort',
  'field.idempotencyKey': 'den Anfrageschlüssel',
  'field.quoteId': 'das Kursangebot',
  'field.reason': 'den Grund',
  'field.id': 'die Anfrage',
  'field.approve': 'die Entscheidung',

  // Verification code delivery.
  'code.subject': 'Ihr Bestätigungscode für OTC Markets',
  'code.body.register':
    'Ihr Code zum Erstellen Ihres Kontos bei OTC Markets lautet {{code}}. Er ist {{minutes}} Minuten gültig. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
  'code.body.reset':
    'Ihr Code zum Zurücksetzen Ihres Passworts bei OTC Markets lautet {{code}}. Er ist {{minutes}} Minuten gültig. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht – Ihr Passwort bleibt unverändert.',
  'captcha.subject': 'Captcha-Lösung (Entwicklungs-Echo)',

  // Demo users.
  'demo.nickname': 'Demo-Trader',
  'wallet.statement':
    'Bei OTC Markets anmelden. Diese Anfrage löst keine Blockchain-Transaktion aus und verursacht keine Gas-Gebühren.',
};
