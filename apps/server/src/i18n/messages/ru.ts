import type { Messages } from './en.ts';

export const ru: Messages = {
  success: 'Операция выполнена успешно',

  // Error keys (packages/protocol/src/errors.ts).
  invalid_input: 'Некорректный запрос.',
  field_required: 'Заполните поле «{{field}}».',
  field_invalid: 'Поле «{{field}}» заполнено неверно.',
  field_too_long: 'Значение в поле «{{field}}» слишком длинное.',
  password_weak: 'Пароль должен содержать не менее 8 символов, включая букву и цифру.',
  password_mismatch: 'Пароли не совпадают.',
  agreement_required: 'Подтвердите соглашение',
  code_invalid: 'Неверный код подтверждения.',
  code_expired: 'Срок действия кода подтверждения истёк, или код уже был использован. Запросите новый код.',
  code_too_many_attempts: 'Слишком много попыток ввода неверного кода. Запросите новый код.',
  captcha_required: 'Введите капчу.',
  captcha_invalid: 'Капча введена неверно или устарела. Попробуйте ввести новую.',
  invite_code_invalid: 'Такого кода приглашения не существует.',
  siwe_invalid: 'Не удалось проверить подпись кошелька.',
  siwe_domain_mismatch: 'Этот запрос на вход был создан для другого сайта.',
  siwe_nonce_invalid: 'Этот запрос на вход уже использован или неизвестен. Подпишите запрос снова.',
  siwe_expired: 'Срок действия запроса на вход истёк. Подпишите запрос снова.',
  wallet_type_unsupported: 'Этот тип кошелька не поддерживается.',
  unauthorized: 'Войдите в аккаунт.',
  login_failed: 'Неверный аккаунт или пароль.',
  forbidden: 'У вас нет прав на это действие.',
  account_disabled: 'Этот аккаунт отключён.',
  outcome_setting_unsupported: 'Установка результата не поддерживается: результаты определяются ценами.',
  allowance_unsupported:
    'Разрешения на токены (allowance) не используются: депозит — это перевод точной суммы, который вы подтверждаете в своём кошельке.',
  not_found: 'Не найдено.',
  account_not_found: 'Аккаунт не найден. Проверьте поле «{{field}}».',
  account_exists: 'Значение поля «{{field}}» уже используется другим аккаунтом.',
  code_resend_too_soon: 'Подождите {{seconds}} с, прежде чем запросить новый код.',
  rate_limited: 'Слишком много запросов. Повторите попытку чуть позже.',
  internal: 'На нашей стороне произошла ошибка. Повторите попытку.',
  not_available_yet: 'Эта функция пока недоступна.',

  // Field names, as used in the messages above.
  'field.account': 'Аккаунт',
  'field.email': 'Электронная почта',
  'field.phone': 'Номер телефона',
  'field.code': 'Код подтверждения',
  'field.password': 'Пароль',
  'field.confirmPassword': 'Подтверждение пароля',
  'field.inviteCode': 'Код приглашения',
  'field.captcha': 'Капча',
  'field.captchaId': 'Капча',
  'field.agree': 'Согласие с соглашением',
  'field.purpose': 'Цель',
  'field.type': 'Тип аккаунта',
  'field.address': 'Адрес кошелька',
  'field.signature': 'Подпись',
  'field.message': 'Сообщение для входа',
  'field.wallet_type': 'Тип кошелька',
  'field.chainId': 'Сеть',
  'field.userId': 'ID пользователя',
  'field.status': 'Статус',
  'field.role': 'Роль',
  'field.page': 'Страница',
  'field.pageSize': 'Размер страницы',
  'field.q': 'Поисковый запрос',
  'field.kind': 'Вид аккаунта',
  'field.target': 'Получатель',
  'field.action': 'Действие',
  'field.body': 'Запрос',

  // Verification code delivery.
  'code.subject': 'Ваш код подтверждения OTC Markets',
  'code.body.register':
    'Ваш код для создания аккаунта OTC Markets: {{code}}. Код действителен {{minutes}} мин. Если вы не запрашивали код, проигнорируйте это сообщение.',
  'code.body.reset':
    'Ваш код для сброса пароля OTC Markets: {{code}}. Код действителен {{minutes}} мин. Если вы не запрашивали код, проигнорируйте это сообщение — ваш пароль останется прежним.',
  'captcha.subject': 'Ответ капчи (эхо для разработки)',

  // Demo users.
  'demo.nickname': 'Демо-трейдер',
  'wallet.statement':
    'Вход в OTC Markets. Этот запрос не создаёт транзакцию в блокчейне и не требует оплаты газа.',
};
