import type { Messages } from './en.ts';

export const ja: Messages = {
  success: '操作が完了しました',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'リクエストが無効です。',
  field_required: '{{field}}を入力してください。',
  field_invalid: '{{field}}が正しくありません。',
  field_too_long: '{{field}}が長すぎます。',
  password_weak: 'パスワードは8文字以上で、英字と数字をそれぞれ1文字以上含めてください。',
  password_mismatch: '2つのパスワードが一致しません。',
  agreement_required: '規約への同意をご確認ください',
  code_invalid: '認証コードが正しくありません。',
  code_expired:
    '認証コードの有効期限が切れているか、すでに使用されています。新しいコードを取得してください。',
  code_too_many_attempts: '認証コードの入力ミスが多すぎます。新しいコードを取得してください。',
  captcha_required: '画像認証コードを入力してください。',
  captcha_invalid:
    '画像認証コードが正しくないか、有効期限が切れています。新しいコードでもう一度お試しください。',
  invite_code_invalid: 'この招待コードは存在しません。',
  siwe_invalid: 'ウォレットの署名を検証できませんでした。',
  siwe_domain_mismatch: 'このサインインリクエストは別のウェブサイト向けのものです。',
  siwe_nonce_invalid: 'このサインインリクエストは使用済みか、無効です。もう一度署名してください。',
  siwe_expired: 'このサインインリクエストは有効期限が切れています。もう一度署名してください。',
  wallet_type_unsupported: 'このウォレットタイプには対応していません。',
  unauthorized: 'ログインしてください。',
  login_failed: 'アカウントまたはパスワードが正しくありません。',
  forbidden: 'この操作を行う権限がありません。',
  account_disabled: 'このアカウントは無効化されています。',
  outcome_setting_unsupported: '結果の設定には対応していません。結果は価格によって決まります。',
  allowance_unsupported:
    'トークンの承認（Allowance）は使用しません。入金は、ウォレットで確認した指定金額の送金によって行われます。',
  not_found: '見つかりません。',
  account_not_found: 'この{{field}}で登録されたアカウントはありません。',
  account_exists: 'この{{field}}はすでに登録されています。',
  code_resend_too_soon: '次のコードをリクエストするまで{{seconds}}秒お待ちください。',
  rate_limited: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
  internal: 'システムエラーが発生しました。もう一度お試しください。',
  not_available_yet: 'この機能はまだご利用いただけません。',

  // Field names, as used in the messages above.
  'field.account': 'アカウント',
  'field.email': 'メールアドレス',
  'field.phone': '電話番号',
  'field.code': '認証コード',
  'field.password': 'パスワード',
  'field.confirmPassword': '確認用パスワード',
  'field.inviteCode': '招待コード',
  'field.captcha': '画像認証コード',
  'field.captchaId': '画像認証コード',
  'field.agree': '規約への同意',
  'field.purpose': '用途',
  'field.type': 'アカウントタイプ',
  'field.address': 'ウォレットアドレス',
  'field.signature': '署名',
  'field.message': 'サインインメッセージ',
  'field.wallet_type': 'ウォレットタイプ',
  'field.chainId': 'チェーン',
  'field.userId': 'ユーザーID',
  'field.status': 'ステータス',
  'field.role': 'ロール',
  'field.page': 'ページ',
  'field.pageSize': '表示件数',
  'field.q': '検索キーワード',
  'field.kind': 'アカウント種別',
  'field.target': '送信先',
  'field.action': '操作',
  'field.body': 'リクエスト',

  // Verification code delivery.
  'code.subject': 'OTC Markets の認証コード',
  'code.body.register':
    'OTC Markets のアカウント登録用認証コードは {{code}} です。有効期限は{{minutes}}分です。お心当たりがない場合は、このメッセージを無視してください。',
  'code.body.reset':
    'OTC Markets のパスワード再設定用認証コードは {{code}} です。有効期限は{{minutes}}分です。お心当たりがない場合は、このメッセージを無視してください。パスワードは変更されません。',
  'captcha.subject': '画像認証コードの答え（開発用エコー）',

  // Demo users.
  'demo.nickname': 'デモトレーダー',
  'wallet.statement':
    'OTC Markets にサインインします。このリクエストによってブロックチェーン取引が発生したり、ガス代がかかったりすることはありません。',
};
