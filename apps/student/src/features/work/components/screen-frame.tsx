import { useT } from '@aula/web/lib/i18n.ts';
import type { ReactNode, Ref } from 'react';
import type { PlayerScreen } from '../lib/attempt-screens';
import { ScreenNav } from './screen-nav';

/**
 * The player's and the review's page body: the screen list on the left (with a note under it), the screen in a
 * focusable region named 'Screen n of total' (focus moves there on a screen change), and the buttons under it.
 */
export function ScreenFrame({
  screens,
  index,
  onSelect,
  navNote,
  screenRef,
  children,
  footer,
}: {
  screens: readonly PlayerScreen[];
  index: number;
  onSelect: (index: number) => void;
  navNote?: ReactNode;
  screenRef: Ref<HTMLDivElement>;
  children: ReactNode;
  footer: ReactNode;
}) {
  const t = useT();
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: '0 0 160px' }}>
        <ScreenNav screens={screens} index={index} onSelect={onSelect} />
        {navNote}
      </div>
      <div style={{ flex: '1 1 480px', minWidth: 0 }}>
        <div
          ref={screenRef}
          tabIndex={-1}
          role="region"
          aria-label={t('studentWork.player.counter', { n: index + 1, total: screens.length })}
          style={{ background: '#fff', borderRadius: 8, padding: 24, outline: 'none' }}
        >
          {children}
        </div>
        {footer}
      </div>
    </div>
  );
}
