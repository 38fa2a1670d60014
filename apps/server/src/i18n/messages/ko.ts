import type { Messages } from './en.ts';

export const ko: Messages = {
  success: '성공적으로 처리되었습니다',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: '유효하지 않은 요청입니다.',
  field_required: '{{field}} 입력이 필요합니다.',
  field_invalid: '올바르지 않은 {{field}}입니다.',
  field_too_long: '{{field}} 길이가 너무 깁니다.',
  password_weak: '비밀번호는 영문자와 숫자를 포함하여 8자 이상이어야 합니다.',
  password_mismatch: '두 비밀번호가 일치하지 않습니다.',
  agreement_required: '약관 동의를 확인해 주세요',
  code_invalid: '인증 코드가 올바르지 않습니다.',
  code_expired: '인증 코드가 만료되었거나 이미 사용되었습니다. 새 코드를 요청해 주세요.',
  code_too_many_attempts: '인증 코드 입력 오류 횟수를 초과했습니다. 새 코드를 요청해 주세요.',
  captcha_required: '보안 문자를 입력해 주세요.',
  captcha_invalid: '보안 문자가 올바르지 않거나 만료되었습니다. 새 보안 문자로 다시 시도해 주세요.',
  invite_code_invalid: '존재하지 않는 초대 코드입니다.',
  siwe_invalid: '지갑 서명을 확인할 수 없습니다.',
  siwe_domain_mismatch: '다른 웹사이트용으로 생성된 로그인 요청입니다.',
  siwe_nonce_invalid: '이미 사용되었거나 알 수 없는 로그인 요청입니다. 다시 서명해 주세요.',
  siwe_expired: '로그인 요청이 만료되었습니다. 다시 서명해 주세요.',
  wallet_type_unsupported: '지원하지 않는 지갑 유형입니다.',
  unauthorized: '로그인해 주세요.',
  login_failed: '계정 또는 비밀번호가 올바르지 않습니다.',
  forbidden: '이 작업을 수행할 권한이 없습니다.',
  account_disabled: '비활성화된 계정입니다.',
  outcome_setting_unsupported: '결과 설정은 지원되지 않습니다. 결과는 가격에 따라 결정됩니다.',
  allowance_unsupported:
    '토큰 승인(Allowance)은 사용하지 않습니다. 입금은 지갑에서 직접 확인하는 정확한 금액의 송금으로 이루어집니다.',
  not_found: '찾을 수 없습니다.',
  account_not_found: '등록되지 않은 {{field}}입니다.',
  account_exists: '이미 가입된 {{field}}입니다.',
  code_resend_too_soon: '{{seconds}}초 후에 인증 코드를 다시 요청해 주세요.',
  rate_limited: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  internal: '시스템 오류가 발생했습니다. 다시 시도해 주세요.',
  not_available_yet: '아직 제공되지 않는 기능입니다.',

  // Field names, as used in the messages above.
  'field.account': '계정',
  'field.email': '이메일',
  'field.phone': '휴대폰 번호',
  'field.code': '인증 코드',
  'field.password': '비밀번호',
  'field.confirmPassword': '비밀번호 확인',
  'field.inviteCode': '초대 코드',
  'field.captcha': '보안 문자',
  'field.captchaId': '보안 문자',
  'field.agree': '약관 동의',
  'field.purpose': '용도',
  'field.type': '계정 유형',
  'field.address': '지갑 주소',
  'field.signature': '서명',
  'field.message': '로그인 메시지',
  'field.wallet_type': '지갑 유형',
  'field.chainId': '체인',
  'field.userId': '사용자 ID',
  'field.status': '상태',
  'field.role': '역할',
  'field.page': '페이지',
  'field.pageSize': '페이지 크기',
  'field.q': '검색어',
  'field.kind': '계정 종류',
  'field.target': '수신자',
  'field.action': '작업',
  'field.body': '요청',

  // Verification code delivery.
  'code.subject': 'OTC Markets 인증 코드',
  'code.body.register':
    'OTC Markets 계정 생성을 위한 인증 코드는 {{code}}입니다. {{minutes}}분 동안 유효합니다. 본인이 요청하지 않았다면 이 메시지를 무시해 주세요.',
  'code.body.reset':
    'OTC Markets 비밀번호 재설정을 위한 인증 코드는 {{code}}입니다. {{minutes}}분 동안 유효합니다. 본인이 요청하지 않았다면 이 메시지를 무시해 주세요. 비밀번호는 변경되지 않습니다.',
  'captcha.subject': '보안 문자 정답(개발용 에코)',

  // Demo users.
  'demo.nickname': '데모 트레이더',
  'wallet.statement':
    'OTC Markets에 로그인합니다. 이 요청은 블록체인 트랜잭션을 발생시키지 않으며 가스비가 들지 않습니다.',
};
