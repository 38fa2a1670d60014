import type { Messages } from './en.ts';

export const es: Messages = {
  success: 'Operación realizada correctamente',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'La solicitud no es válida.',
  field_required: 'Introduce {{field}}.',
  field_invalid: 'El valor indicado para {{field}} no es válido.',
  field_too_long: 'El valor indicado para {{field}} es demasiado largo.',
  password_weak: 'La contraseña debe tener al menos 8 caracteres e incluir una letra y un número.',
  password_mismatch: 'Las contraseñas no coinciden.',
  agreement_required: 'Confirma el acuerdo',
  code_invalid: 'El código de verificación es incorrecto.',
  code_expired: 'El código de verificación ha caducado o ya se ha utilizado. Solicita uno nuevo.',
  code_too_many_attempts: 'Demasiados códigos incorrectos. Solicita uno nuevo.',
  captcha_required: 'Introduce el captcha.',
  captcha_invalid: 'El captcha es incorrecto o ha caducado. Prueba con el nuevo.',
  invite_code_invalid: 'Este código de invitación no existe.',
  siwe_invalid: 'No se ha podido verificar la firma de la billetera.',
  siwe_domain_mismatch: 'Esta solicitud de inicio de sesión se creó para otro sitio web.',
  siwe_nonce_invalid:
    'Esta solicitud de inicio de sesión ya se ha utilizado o no se reconoce. Vuelve a firmar.',
  siwe_expired: 'Esta solicitud de inicio de sesión ha caducado. Vuelve a firmar.',
  wallet_type_unsupported: 'Este tipo de billetera no es compatible.',
  unauthorized: 'Inicia sesión.',
  login_failed: 'La cuenta o la contraseña son incorrectas.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  account_disabled: 'Esta cuenta está desactivada.',
  outcome_setting_unsupported:
    'No se admite la configuración de resultados: los resultados los determinan los precios.',
  allowance_unsupported:
    'No se utilizan autorizaciones de tokens: los depósitos son transferencias por el importe exacto que confirmas en tu billetera.',
  not_found: 'No se ha encontrado.',
  account_not_found: 'No hay ninguna cuenta con {{field}}.',
  account_exists: 'Ya existe una cuenta con {{field}}.',
  code_resend_too_soon: 'Espera {{seconds}} s antes de solicitar otro código.',
  rate_limited: 'Demasiadas solicitudes. Inténtalo de nuevo en unos momentos.',
  internal: 'Se ha producido un error por nuestra parte. Inténtalo de nuevo.',
  not_available_yet: 'Esta función aún no está disponible.',

  // Field names, as used in the messages above.
  'field.account': 'tu cuenta',
  'field.email': 'tu correo electrónico',
  'field.phone': 'tu número de teléfono',
  'field.code': 'el código de verificación',
  'field.password': 'tu contraseña',
  'field.confirmPassword': 'la confirmación de la contraseña',
  'field.inviteCode': 'el código de invitación',
  'field.captcha': 'el captcha',
  'field.captchaId': 'el captcha',
  'field.agree': 'la aceptación del acuerdo',
  'field.purpose': 'la finalidad',
  'field.type': 'el tipo de cuenta',
  'field.address': 'la dirección de la billetera',
  'field.signature': 'la firma',
  'field.message': 'el mensaje de inicio de sesión',
  'field.wallet_type': 'el tipo de billetera',
  'field.chainId': 'la red',
  'field.userId': 'el ID de usuario',
  'field.status': 'el estado',
  'field.role': 'el rol',
  'field.page': 'la página',
  'field.pageSize': 'el tamaño de página',
  'field.q': 'la búsqueda',
  'field.kind': 'la clase de cuenta',
  'field.target': 'el destinatario',
  'field.action': 'la acción',
  'field.body': 'la solicitud',

  // Verification code delivery.
  'code.subject': 'Tu código de verificación de OTC Markets',
  'code.body.register':
    'Tu código para crear tu cuenta de OTC Markets es {{code}}. Es válido durante {{minutes}} minutos. Si no lo has solicitado, ignora este mensaje.',
  'code.body.reset':
    'Tu código para restablecer tu contraseña de OTC Markets es {{code}}. Es válido durante {{minutes}} minutos. Si no lo has solicitado, ignora este mensaje y conserva tu contraseña.',
  'captcha.subject': 'Respuesta del captcha (eco de desarrollo)',

  // Demo users.
  'demo.nickname': 'Trader de demostración',
  'wallet.statement':
    'Inicia sesión en OTC Markets. Esta solicitud no generará ninguna transacción en la blockchain ni costará gas.',
};
