import type { Messages } from './en.ts';

export const fr: Messages = {
  success: 'Opération réussie',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: "La requête n'est pas valide.",
  field_required: 'Veuillez saisir {{field}}.',
  field_invalid: "La valeur saisie pour {{field}} n'est pas valide.",
  field_too_long: 'La valeur saisie pour {{field}} est trop longue.',
  password_weak: 'Le mot de passe doit comporter au moins 8 caractères, dont une lettre et un chiffre.',
  password_mismatch: 'Les deux mots de passe ne correspondent pas.',
  agreement_required: "Veuillez confirmer l'accord",
  code_invalid: 'Le code de vérification est incorrect.',
  code_expired: 'Le code de vérification a expiré ou a déjà été utilisé. Veuillez en demander un nouveau.',
  code_too_many_attempts: 'Trop de codes incorrects. Veuillez en demander un nouveau.',
  captcha_required: 'Veuillez saisir le captcha.',
  captcha_invalid: 'Le captcha est incorrect ou a expiré. Veuillez essayer le nouveau.',
  invite_code_invalid: "Ce code d'invitation n'existe pas.",
  siwe_invalid: "La signature du portefeuille n'a pas pu être vérifiée.",
  siwe_domain_mismatch: 'Cette demande de connexion a été émise pour un autre site web.',
  siwe_nonce_invalid:
    'Cette demande de connexion a déjà été utilisée ou est inconnue. Veuillez signer à nouveau.',
  siwe_expired: 'Cette demande de connexion a expiré. Veuillez signer à nouveau.',
  wallet_type_unsupported: "Ce type de portefeuille n'est pas pris en charge.",
  unauthorized: 'Veuillez vous connecter.',
  login_failed: 'Compte ou mot de passe incorrect.',
  forbidden: "Vous n'avez pas l'autorisation d'effectuer cette action.",
  account_disabled: 'Ce compte est désactivé.',
  outcome_setting_unsupported:
    "La définition des résultats n'est pas prise en charge : ce sont les prix qui déterminent les résultats.",
  allowance_unsupported:
    "Les autorisations de jetons (allowances) ne sont pas utilisées : les dépôts sont des transferts d'un montant exact, que vous confirmez dans votre portefeuille.",
  not_found: 'Introuvable.',
  account_not_found: 'Aucun compte trouvé avec {{field}}.',
  account_exists: 'Un compte existe déjà avec {{field}}.',
  code_resend_too_soon: 'Veuillez patienter {{seconds}} s avant de demander un nouveau code.',
  rate_limited: 'Trop de requêtes. Veuillez réessayer dans un instant.',
  internal: "Une erreur s'est produite de notre côté. Veuillez réessayer.",
  not_available_yet: "Cette fonctionnalité n'est pas encore disponible.",

  // Field names, as used in the messages above.
  'field.account': 'votre compte',
  'field.email': 'votre adresse e-mail',
  'field.phone': 'votre numéro de téléphone',
  'field.code': 'le code de vérification',
  'field.password': 'votre mot de passe',
  'field.confirmPassword': 'la confirmation du mot de passe',
  'field.inviteCode': "le code d'invitation",
  'field.captcha': 'le captcha',
  'field.captchaId': 'le captcha',
  'field.agree': "l'acceptation de l'accord",
  'field.purpose': "l'objet de la demande",
  'field.type': 'le type de compte',
  'field.address': "l'adresse du portefeuille",
  'field.signature': 'la signature',
  'field.message': 'le message de connexion',
  'field.wallet_type': 'le type de portefeuille',
  'field.chainId': 'le réseau',
  'field.userId': "l'identifiant utilisateur",
  'field.status': 'le statut',
  'field.role': 'le rôle',
  'field.page': 'la page',
  'field.pageSize': 'la taille de page',
  'field.q': 'la recherche',
  'field.kind': 'la catégorie de compte',
  'field.target': 'le destinataire',
  'field.action': "l'action",
  'field.body': 'la requête',

  // Verification code delivery.
  'code.subject': 'Votre code de vérification OTC Markets',
  'code.body.register':
    "Votre code pour créer votre compte OTC Markets est {{code}}. Il est valable {{minutes}} minutes. Si vous ne l'avez pas demandé, ignorez ce message.",
  'code.body.reset':
    "Votre code pour réinitialiser votre mot de passe OTC Markets est {{code}}. Il est valable {{minutes}} minutes. Si vous ne l'avez pas demandé, ignorez ce message et conservez votre mot de passe.",
  'captcha.subject': 'Réponse du captcha (écho de développement)',

  // Demo users.
  'demo.nickname': 'Trader démo',
  'wallet.statement':
    "Connexion à OTC Markets. Cette demande ne déclenchera aucune transaction sur la blockchain et n'entraînera pas de frais de gas.",
};
