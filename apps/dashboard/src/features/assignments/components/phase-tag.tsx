import type { AssignmentPhase } from '@aula/domain/assignments';
import { useT } from '@aula/web/lib/i18n.ts';
import { Tag } from 'antd';

// Dark text on a light tone: the tag's label keeps AAA contrast whatever the colour.
const TONES: Record<AssignmentPhase, { background: string; border: string }> = {
  upcoming: { background: '#e6f4ff', border: '#91caff' },
  current: { background: '#f6ffed', border: '#b7eb8f' },
  past_due: { background: '#fff1f0', border: '#ffa39e' },
};

export function PhaseTag({ phase }: { phase: AssignmentPhase }) {
  const t = useT();
  const tone = TONES[phase];
  return (
    <Tag
      style={{
        marginInlineEnd: 0,
        color: 'rgba(0, 0, 0, 0.88)',
        background: tone.background,
        borderColor: tone.border,
      }}
    >
      {t(`assignments.phase.${phase}`)}
    </Tag>
  );
}
