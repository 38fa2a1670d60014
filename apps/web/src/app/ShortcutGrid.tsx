import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { useAreas } from './useAreas.ts';

export interface Shortcut {
  path: string;
  icon: IconName;
}

/**
 * A card of icon links to other pages, each labelled with its page's title (home's shortcuts, the
 * Assets page's actions).
 */
export function ShortcutGrid({
  shortcuts,
  label,
  testId,
}: {
  shortcuts: readonly Shortcut[];
  /** Names the navigation region for screen readers. */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { findRoute } = useAreas();
  return (
    <nav className="card grid-shortcuts" aria-label={label} data-testid={testId}>
      {shortcuts.map(({ path, icon }) => {
        const route = findRoute(path);
        return (
          <Link key={path} className="shortcut" to={path}>
            <span className="shortcut-icon">
              <Icon name={icon} />
            </span>
            <span>{route ? t(route.title) : path}</span>
          </Link>
        );
      })}
    </nav>
  );
}
