import type { Messages } from './en.ts';

export const it: Messages = {
  success: 'Operazione completata',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'La richiesta non è valida.',
  field_required: 'Inserisci {{field}}.',
  field_invalid: 'Il valore inserito per {{field}} non è valido.',
  field_too_long: 'Il valore inserito per {{field}} è troppo lungo.',
  password_weak: 'La password deve contenere almeno 8 caratteri, tra cui una lettera e una cifra.',
  password_mismatch: 'Le due password non corrispondono.',
  agreement_required: "Conferma l'accordo",
  code_invalid: 'Il codice di verifica è errato.',
  code_expired: 'Il codice di verifica è scaduto o è già stato utilizzato. Richiedine uno nuovo.',
  code_too_many_attempts: 'Troppi codici errati. Richiedine uno nuovo.',
  captcha_required: 'Inserisci il captcha.',
  captcha_invalid: 'Il captcha è errato o scaduto. Prova con quello nuovo.',
  invite_code_invalid: 'Questo codice invito non esiste.',
  siwe_invalid: 'Impossibile verificare la firma del wallet.',
  siwe_domain_mismatch: 'Questa richiesta di accesso è stata creata per un altro sito web.',
  siwe_nonce_invalid:
    'Questa richiesta di accesso è già stata utilizzata o non è riconosciuta. Firma di nuovo.',
  siwe_expired: 'Questa richiesta di accesso è scaduta. Firma di nuovo.',
  wallet_type_unsupported: 'Questo tipo di wallet non è supportato.',
  unauthorized: "Effettua l'accesso.",
  login_failed: 'Account o password errati.',
  forbidden: 'Non hai i permessi per eseguire questa operazione.',
  account_disabled: 'Questo account è disattivato.',
  outcome_setting_unsupported:
    "L'impostazione dei risultati non è supportata: i risultati sono determinati dai prezzi.",
  allowance_unsupported:
    "Le autorizzazioni dei token (allowance) non vengono utilizzate: i depositi sono trasferimenti dell'importo esatto che confermi nel tuo wallet.",
  not_found: 'Non trovato.',
  account_not_found: 'Nessun account trovato con {{field}}.',
  account_exists: 'Esiste già un account con {{field}}.',
  code_resend_too_soon: 'Attendi {{seconds}} s prima di richiedere un altro codice.',
  rate_limited: 'Troppe richieste. Riprova tra qualche istante.',
  internal: 'Si è verificato un errore da parte nostra. Riprova.',
  not_available_yet: 'Questa funzione non è ancora disponibile.',

  // Field names, as used in the messages above.
  'field.account': 'il tuo account',
  'field.email': 'il tuo indirizzo email',
  'field.phone': 'il tuo numero di telefono',
  'field.code': 'il codice di verifica',
  'field.password': 'la tua password',
  'field.confirmPassword': 'la conferma della password',
  'field.inviteCode': 'il codice invito',
  'field.captcha': 'il captcha',
  'field.captchaId': 'il captcha',
  'field.agree': "l'accettazione dell'accordo",
  'field.purpose': 'lo scopo',
  'field.type': 'il tipo di account',
  'field.address': "l'indirizzo del wallet",
  'field.signature': 'la firma',
  'field.message': 'il messaggio di accesso',
  'field.wallet_type': 'il tipo di wallet',
  'field.chainId': 'la rete',
  'field.userId': "l'ID utente",
  'field.status': 'lo stato',
  'field.role': 'il ruolo',
  'field.page': 'la pagina',
  'field.pageSize': 'la dimensione della pagina',
  'field.q': 'la ricerca',
  'field.kind': 'la categoria di account',
  'field.target': 'il destinatario',
  'field.action': "l'azione",
  'field.body': 'la richiesta',

  // Verification code delivery.
  'code.subject': 'Il tuo codice di verifica OTC Markets',
  'code.body.register':
    'Il tuo codice per creare il tuo account OTC Markets è {{code}}. È valido per {{minutes}} minuti. Se non lo hai richiesto, ignora questo messaggio.',
  'code.body.reset':
    'Il tuo codice per reimpostare la password di OTC Markets è {{code}}. È valido per {{minutes}} minuti. Se non lo hai richiesto, ignora questo messaggio e mantieni la tua password.',
  'captcha.subject': 'Risposta captcha (eco di sviluppo)',

  // Demo users.
  'demo.nickname': 'Trader demo',
  'wallet.statement':
    'Accedi a OTC Markets. Questa richiesta non attiverà alcuna transazione sulla blockchain né comporterà costi di gas.',
};
