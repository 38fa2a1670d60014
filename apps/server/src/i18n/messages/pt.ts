import type { Messages } from './en.ts';

export const pt: Messages = {
  success: 'Operação realizada com sucesso',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'A solicitação não é válida.',
  field_required: 'Insira {{field}}.',
  field_invalid: 'O valor informado para {{field}} não é válido.',
  field_too_long: 'O valor informado para {{field}} é muito longo.',
  password_weak: 'A senha deve ter pelo menos 8 caracteres, incluindo uma letra e um número.',
  password_mismatch: 'As senhas não coincidem.',
  agreement_required: 'Confirme o contrato',
  code_invalid: 'O código de verificação está incorreto.',
  code_expired: 'O código de verificação expirou ou já foi usado. Solicite um novo.',
  code_too_many_attempts: 'Muitos códigos incorretos. Solicite um novo.',
  captcha_required: 'Insira o captcha.',
  captcha_invalid: 'O captcha está incorreto ou expirou. Tente com o novo.',
  invite_code_invalid: 'Este código de convite não existe.',
  siwe_invalid: 'Não foi possível verificar a assinatura da carteira.',
  siwe_domain_mismatch: 'Esta solicitação de login foi feita para outro site.',
  siwe_nonce_invalid: 'Esta solicitação de login já foi usada ou não é reconhecida. Assine novamente.',
  siwe_expired: 'Esta solicitação de login expirou. Assine novamente.',
  wallet_type_unsupported: 'Este tipo de carteira não é compatível.',
  unauthorized: 'Faça login.',
  login_failed: 'Conta ou senha incorreta.',
  forbidden: 'Você não tem permissão para fazer isso.',
  account_disabled: 'Esta conta está desativada.',
  outcome_setting_unsupported:
    'A definição de resultados não é suportada: os resultados são determinados pelos preços.',
  allowance_unsupported:
    'Autorizações de tokens não são usadas: os depósitos são transferências de valor exato que você confirma na sua carteira.',
  not_found: 'Não encontrado.',
  account_not_found: 'Não há nenhuma conta com {{field}}.',
  account_exists: 'Já existe uma conta com {{field}}.',
  code_resend_too_soon: 'Aguarde {{seconds}} s antes de solicitar outro código.',
  rate_limited: 'Muitas solicitações. Tente novamente em instantes.',
  internal: 'Ocorreu um erro do nosso lado. Tente novamente.',
  not_available_yet: 'Este recurso ainda não está disponível.',

  // Field names, as used in the messages above.
  'field.account': 'sua conta',
  'field.email': 'seu e-mail',
  'field.phone': 'seu número de telefone',
  'field.code': 'o código de verificação',
  'field.password': 'sua senha',
  'field.confirmPassword': 'a confirmação de senha',
  'field.inviteCode': 'o código de convite',
  'field.captcha': 'o captcha',
  'field.captchaId': 'o captcha',
  'field.agree': 'a aceitação do contrato',
  'field.purpose': 'a finalidade',
  'field.type': 'o tipo de conta',
  'field.address': 'o endereço da carteira',
  'field.signature': 'a assinatura',
  'field.message': 'a mensagem de login',
  'field.wallet_type': 'o tipo de carteira',
  'field.chainId': 'a rede',
  'field.userId': 'o ID de usuário',
  'field.status': 'o status',
  'field.role': 'a função',
  'field.page': 'a página',
  'field.pageSize': 'o tamanho da página',
  'field.q': 'a busca',
  'field.kind': 'a categoria da conta',
  'field.target': 'o destinatário',
  'field.action': 'a ação',
  'field.body': 'a solicitação',

  // Verification code delivery.
  'code.subject': 'Seu código de verificação da OTC Markets',
  'code.body.register':
    'Seu código para criar sua conta na OTC Markets é {{code}}. Ele é válido por {{minutes}} minutos. Se você não solicitou este código, ignore esta mensagem.',
  'code.body.reset':
    'Seu código para redefinir sua senha da OTC Markets é {{code}}. Ele é válido por {{minutes}} minutos. Se você não solicitou este código, ignore esta mensagem e mantenha sua senha.',
  'captcha.subject': 'Resposta do captcha (eco de desenvolvimento)',

  // Demo users.
  'demo.nickname': 'Trader demo',
  'wallet.statement':
    'Faça login na OTC Markets. Esta solicitação não gera nenhuma transação na blockchain nem custa gas.',
};
