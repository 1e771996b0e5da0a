import { Tag } from 'antd';
import type { ReactNode } from 'react';

// Ant Design's preset green, blue and red tags fall short of WCAG AA contrast on their light backgrounds; these keep
// the same hues with darker text. Shared by the features (activity status, current session, student progress).
const STYLES = {
  green: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  blue: { color: '#003a8c', background: '#e6f4ff', borderColor: '#91caff' },
  red: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
} as const;

export function StatusTag({ tone, children }: { tone: keyof typeof STYLES | 'default'; children: ReactNode }) {
  return tone === 'default' ? <Tag>{children}</Tag> : <Tag style={STYLES[tone]}>{children}</Tag>;
}
