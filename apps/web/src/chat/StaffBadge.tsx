import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon.tsx';

/**
 * The verified staff badge: drawn from a message's author kind (only `operator`), never from its
 * text, and as an element no text can produce (a user typing "✔ Support" stays plain text).
 */
export function StaffBadge() {
  const { t } = useTranslation();
  return (
    <span className="chat-staff" data-testid="chat-staff-badge">
      <Icon name="shield" size={14} />
      {t('support.chat.staff')}
    </span>
  );
}
