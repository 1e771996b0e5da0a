import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { readError } from '@aula/web/lib/api-errors.ts';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Card, Descriptions, Flex, theme } from 'antd';
import { Link, useParams } from 'react-router';
import { PageMessage } from '../../../components/page-message';
import { useGetEmailQuery } from '../api';
import { emailsHref } from '../lib/email-paths';
import { splitLinks } from '../lib/email-links';
import { EmailStateTag } from './email-state-tag';

/** /emails/{id}: one email as its recipient got it, with its links clickable (each opens in a new tab). */
export function EmailPage() {
  const { emailId = '' } = useParams();
  if (!/^\d{1,9}$/.test(emailId)) return <NotFoundPage />;
  return <EmailView id={Number(emailId)} />;
}

function EmailView({ id }: { id: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { data: email, isLoading, error } = useGetEmailQuery(id, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageLoader />;
  if (error) {
    const { status, message } = readError(error);
    if (status === 404) return <NotFoundPage />;
    // 403 where the server shows no bodies (production, or an SMTP server): its message says so
    return <PageMessage title={t('emails.loadFailed')} {...(message ? { text: message } : {})} />;
  }
  if (!email) return <NotFoundPage />;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <Flex vertical gap="large" style={{ maxWidth: 880 }}>
      <Link to={emailsHref()}>{t('emails.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0, overflowWrap: 'anywhere' }}>{email.subject}</h1>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'to', label: t('emails.to'), children: email.to },
          { key: 'state', label: t('emails.state'), children: <EmailStateTag state={email.status} /> },
          { key: 'created', label: t('emails.created'), children: when(email.created_at) },
          { key: 'sent', label: t('emails.sent'), children: when(email.sent_at) },
          ...(email.error ? [{ key: 'error', label: t('emails.error'), children: email.error }] : []),
        ]}
      />
      <Card title={<h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('emails.message')}</h2>}>
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: token.fontFamily }}>
          {splitLinks(email.text).map((part, i) =>
            part.kind === 'link' ? (
              // underlined: inside the text a link must not differ by colour alone
              <a
                key={i}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer"
                style={{ textDecoration: 'underline' }}
              >
                {part.href}
              </a>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </div>
      </Card>
    </Flex>
  );
}
