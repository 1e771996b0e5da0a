import { useT } from '@aula/web/lib/i18n.ts';
import { Button } from 'antd';
import type { PlayerScreen } from '../lib/attempt-screens';

/**
 * The screen list, grouped by section when the activity has more than one. Only the screens the student has reached
 * are listed; the current one is marked with aria-current.
 */
export function ScreenNav({
  screens,
  index,
  onSelect,
}: {
  screens: readonly PlayerScreen[];
  index: number;
  onSelect: (index: number) => void;
}) {
  const t = useT();
  const sections = [...new Set(screens.map((s) => s.section))];
  const grouped = sections.length > 1;
  return (
    <nav aria-label={t('studentWork.player.screens')}>
      {sections.map((section) => {
        const items = screens.map((s, i) => ({ s, i })).filter(({ s }) => s.section === section);
        const list = (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
            {items.map(({ s, i }) => (
              <li key={s.screen_id}>
                <Button
                  block
                  type={i === index ? 'primary' : 'default'}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => onSelect(i)}
                >
                  {t('studentWork.player.screen', { n: i + 1 })}
                </Button>
              </li>
            ))}
          </ol>
        );
        return grouped ? (
          <section key={section} aria-label={t('studentWork.player.section', { n: section })}>
            <h2 style={{ fontSize: 14, margin: '8px 0 4px' }}>{t('studentWork.player.section', { n: section })}</h2>
            {list}
          </section>
        ) : (
          <div key={section}>{list}</div>
        );
      })}
    </nav>
  );
}
