import { SEARCH_MIN_LENGTH, type SearchGroup } from '@aula/domain/search';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Empty, Flex, Input, Pagination, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSearchDashboardQuery } from '../api';
import { hitPath, parseSearchType, searchResultsHref } from '../lib/hit-paths';

const PER_GROUP = 5;
const PER_PAGE_ONE_TYPE = 20;

function GroupSection({ group, query, single }: { group: SearchGroup; query: string; single: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  const [, setParams] = useSearchParams();
  const label = t(`search.types.${group.type}`);
  const headingId = `search-group-${group.type}`;
  return (
    <section aria-labelledby={headingId} data-testid={`search-group-${group.type}`}>
      <h2 id={headingId} style={{ fontSize: token.fontSizeHeading4, margin: '0 0 8px' }}>
        {label}{' '}
        <Typography.Text type="secondary" style={{ fontSize: token.fontSize, fontWeight: 400 }}>
          ({t('search.count', { count: group.total })})
        </Typography.Text>
      </h2>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {group.hits.map((hit) => (
          <li key={hit.id} style={{ padding: '6px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <Link to={hitPath(hit.type, hit.id)} style={{ fontWeight: 600 }}>
              {hit.title}
            </Link>
            {hit.subtitle && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {hit.subtitle}
              </Typography.Text>
            )}
          </li>
        ))}
      </ul>
      {!single && group.total > group.hits.length && (
        <Link to={searchResultsHref(query, group.type)} style={{ display: 'inline-block', marginTop: 8 }}>
          {t('search.showMore', { type: label })}
        </Link>
      )}
      {single && group.total > group.per_page && (
        <Pagination
          style={{ marginTop: 12 }}
          current={group.page}
          pageSize={group.per_page}
          total={group.total}
          showSizeChanger={false}
          onChange={(page) => setParams({ q: query, type: group.type, ...(page > 1 ? { page: String(page) } : {}) })}
        />
      )}
    </section>
  );
}

/** The page's own search box, keyed by the query in the address so that it shows the query searched. */
function SearchForm({ query, oneType }: { query: string; oneType: boolean }) {
  const t = useT();
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState(query);
  return (
    <form
      role="search"
      aria-label={t('search.newSearch')}
      onSubmit={(e) => {
        e.preventDefault();
        const q = draft.trim();
        if (q.length >= SEARCH_MIN_LENGTH) setParams({ q });
      }}
    >
      <Flex gap="small" wrap>
        <Input
          type="search"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
          style={{ width: 320, maxWidth: '100%' }}
          autoFocus={query.length < SEARCH_MIN_LENGTH}
        />
        <Button type="primary" htmlType="submit">
          {t('search.submit')}
        </Button>
        {oneType && <Button onClick={() => setParams({ q: query })}>{t('search.backToSearch')}</Button>}
      </Flex>
    </form>
  );
}

/**
 * /search-results?q=[&type=&page=] (001 section 2): the hits of the header search grouped by what they are, each group
 * with its count and each hit a link to its page; one group at a time, paged, after "Show more".
 */
export function SearchResultsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const type = parseSearchType(params.get('type'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const ready = query.length >= SEARCH_MIN_LENGTH;
  const result = useSearchDashboardQuery(
    {
      query,
      ...(type ? { types: [type] } : {}),
      page: type ? page : 1,
      per_page: type ? PER_PAGE_ONE_TYPE : PER_GROUP,
    },
    { skip: !ready },
  );
  const groups = (result.data?.groups ?? []).filter((g) => g.total > 0);

  return (
    <Flex vertical gap="large">
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('search.title')}</h1>
        {ready && (
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>
            {t('search.resultsFor', { query })}
            {type && <> · {t(`search.types.${type}`)}</>}
          </p>
        )}
      </div>
      <SearchForm key={query} query={query} oneType={!!type && ready} />
      {!ready ? (
        <Typography.Text type="secondary">{t('search.enterQuery', { min: SEARCH_MIN_LENGTH })}</Typography.Text>
      ) : result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('search.loadFailed')}
          action={<Button onClick={() => void result.refetch()}>{t('search.retry')}</Button>}
        />
      ) : result.isFetching && !result.data ? (
        <Flex justify="center" style={{ padding: 32 }} aria-busy="true">
          <Spin />
        </Flex>
      ) : groups.length === 0 ? (
        <Empty description={t('search.nothing', { query })} />
      ) : (
        <div aria-busy={result.isFetching} style={{ opacity: result.isFetching ? 0.6 : 1 }}>
          {!type && groups.length > 1 && (
            <nav aria-label={t('search.jumpTo')} style={{ marginBottom: 16 }}>
              <Flex wrap gap="middle" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {groups.map((g) => (
                  <li key={g.type}>
                    <a href={`#search-group-${g.type}`}>
                      {t(`search.types.${g.type}`)} ({g.total})
                    </a>
                  </li>
                ))}
              </Flex>
            </nav>
          )}
          <Flex vertical gap="large">
            {groups.map((g) => (
              <GroupSection key={g.type} group={g} query={query} single={!!type} />
            ))}
          </Flex>
        </div>
      )}
    </Flex>
  );
}
