import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  findPlaceholders,
  lexicalToPlainText,
  walkContent,
  type ContentRow,
  type Question,
} from '@aula/domain/activity-content';

/**
 * Which Tuva simulations of a screen have loaded and handed over their plot state, for the drawing questions drawn on
 * them (000 section 5: 'Please wait for Tuva to load'), and which media the screen shows anyway (so a drawing
 * question shows its Tuva simulation itself only when the screen does not).
 */
export interface TuvaSignals {
  /** media ids the screen places: media items, and {media:N} in texts and question texts */
  placed: ReadonlySet<number>;
  /** Tuva media ids whose state has come back */
  seen: ReadonlySet<number>;
  report: (mediaId: number) => void;
}

const TuvaSignalsContext = createContext<TuvaSignals | null>(null);

export function useTuvaSignals(): TuvaSignals | null {
  return useContext(TuvaSignalsContext);
}

/** The media ids a screen shows on its own. */
export function placedMediaOf(content: readonly ContentRow[], questions: readonly Question[]): Set<number> {
  const placed = new Set<number>();
  const fromText = (text: Parameters<typeof lexicalToPlainText>[0]) => {
    for (const p of findPlaceholders(lexicalToPlainText(text))) if (p.kind === 'media') placed.add(p.id);
  };
  for (const item of walkContent(content)) {
    if (item.content.media_id !== undefined) placed.add(item.content.media_id);
    if (item.content.text) fromText(item.content.text);
    for (const e of item.content.media_layout ?? []) placed.add(e.id);
  }
  for (const q of questions) fromText(q.text);
  return placed;
}

/** Collects the signals of the Tuva frames below it. */
export function TuvaSignalsProvider({ placed, children }: { placed: ReadonlySet<number>; children: ReactNode }) {
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const report = useCallback((mediaId: number) => {
    setSeen((prev) => (prev.has(mediaId) ? prev : new Set([...prev, mediaId])));
  }, []);
  const value = useMemo(() => ({ placed, seen, report }), [placed, seen, report]);
  return <TuvaSignalsContext.Provider value={value}>{children}</TuvaSignalsContext.Provider>;
}
