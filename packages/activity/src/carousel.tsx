import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLIDE_ANIMATION_MS } from '@aula/domain/activity-content';

/** The slide shown after a step of `by` from `index` among `total`, wrapping at both ends. */
export function wrapIndex(index: number, by: number, total: number): number {
  return total ? (((index + by) % total) + total) % total : 0;
}

const FORM_FIELDS = ['INPUT', 'TEXTAREA', 'SELECT'];

/**
 * block-carousel (000 section 2): one slide at a time, previous and next buttons, 'n / total', wrap-around at both
 * ends, a 500 ms slide, and the left and right arrow keys while the carousel has focus.
 */
export function Carousel({ slides, titles = [] }: { slides: ReactNode[]; titles?: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const total = slides.length;
  const go = (by: number) => setIndex((i) => wrapIndex(i, by, total));

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    // arrows inside an answer field move its caret or choice, not the slides
    if (FORM_FIELDS.includes(target.tagName) || target.isContentEditable || target.getAttribute('role') === 'radio') {
      return;
    }
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };

  if (!total) return null;
  return (
    <section
      aria-roledescription={t('activity.carousel.roleDescription')}
      aria-label={t('activity.carousel.label')}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ position: 'relative' }}
    >
      <div style={{ overflow: 'hidden' }}>
        <div
          data-testid="carousel-track"
          style={{
            display: 'flex',
            transform: `translateX(-${index * 100}%)`,
            transition: `transform ${SLIDE_ANIMATION_MS}ms ease`,
          }}
        >
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription={t('activity.carousel.slideRoleDescription')}
              aria-label={titles[i] || t('activity.carousel.slide', { n: i + 1, total })}
              aria-hidden={i !== index}
              inert={i !== index}
              style={{ flex: '0 0 100%', minWidth: 0 }}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, marginTop: 8 }}>
        <Button aria-label={t('activity.carousel.previous')} onClick={() => go(-1)}>
          ‹
        </Button>
        <span aria-live="polite" aria-atomic="true">
          {t('activity.carousel.counter', { n: index + 1, total })}
        </span>
        <Button aria-label={t('activity.carousel.next')} onClick={() => go(1)}>
          ›
        </Button>
      </div>
    </section>
  );
}
