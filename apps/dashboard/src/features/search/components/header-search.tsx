import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_MIN_LENGTH, searchableTypes } from '@aula/domain/search';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Grid, Input, Tooltip, type InputRef } from 'antd';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchResultsHref } from '../lib/hit-paths';

/** Typing "/" outside a text field jumps to the search box (as on many sites); anything else is left alone. */
function useSlashToFocus(input: React.RefObject<InputRef | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [input]);
}

/**
 * The header's search box: a labelled search landmark; Enter opens /search-results?q=. Shown to users whose policy
 * views at least one searchable area. Below the lg breakpoint it is a button that opens the results page, whose own
 * box takes the query, so a 360px header still fits.
 */
export function HeaderSearch() {
  const t = useT();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const wide = Grid.useBreakpoint().lg !== false;
  const input = useRef<InputRef>(null);
  const hintId = useId();
  const [value, setValue] = useState('');
  const [tooShort, setTooShort] = useState(false);
  useSlashToFocus(input);
  if (!policy || searchableTypes(policy).length === 0) return null;

  if (!wide)
    return (
      <Tooltip title={t('search.label')}>
        <Button
          type="text"
          aria-label={t('search.label')}
          icon={<SearchOutlined aria-hidden style={{ fontSize: 18 }} />}
          onClick={() => void navigate('/search-results')}
        />
      </Tooltip>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = value.trim();
    if (q.length < SEARCH_MIN_LENGTH) {
      setTooShort(true);
      input.current?.focus();
      return;
    }
    setTooShort(false);
    // the results page shows the query in its own box
    setValue('');
    void navigate(searchResultsHref(q));
  };

  return (
    <form role="search" aria-label={t('search.label')} onSubmit={submit} style={{ position: 'relative' }}>
      <Input
        ref={input}
        type="search"
        name="q"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (tooShort) setTooShort(false);
        }}
        aria-label={t('search.label')}
        aria-describedby={tooShort ? hintId : undefined}
        aria-invalid={tooShort || undefined}
        placeholder={t('search.placeholder')}
        maxLength={100}
        style={{ width: 260 }}
        data-testid="header-search"
        suffix={
          <Button
            type="text"
            size="small"
            htmlType="submit"
            aria-label={t('search.submit')}
            icon={<SearchOutlined aria-hidden />}
            style={{ height: 22 }}
          />
        }
      />
      <div
        id={hintId}
        role="status"
        style={{ position: 'absolute', top: '100%', left: 0, fontSize: 12, lineHeight: '16px', whiteSpace: 'nowrap' }}
      >
        {tooShort ? t('search.tooShort', { min: SEARCH_MIN_LENGTH }) : ''}
      </div>
    </form>
  );
}
