import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { selectCurrentUser } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Flex, theme } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useCreateAcademicSessionMutation } from '../api';
import { sessionsHref } from '../lib/session-paths';
import { SessionForm } from './session-form';

/** /accounts/:accountId/academic-sessions/create: a new session of the account, or (domain staff) a template. */
export function AcademicSessionCreatePage() {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { accountId: raw } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const [create, { isLoading }] = useCreateAcademicSessionMutation();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  const accountId = Number(raw);
  const back = sessionsHref(accountId);

  return (
    <Flex vertical gap="large">
      <Link to={back}>{t('academicSessions.back')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('academicSessions.createTitle')}</h1>
      <SessionForm
        offerTemplates
        canTemplate={user?.account_id === null || user?.account_id === undefined}
        submitLabel={t('academicSessions.save')}
        busy={isLoading}
        onCancel={() => void navigate(back)}
        onSubmit={async (input) => {
          await create(input.is_template ? input : { ...input, account_id: accountId }).unwrap();
          void message.success(t('academicSessions.saved'));
          void navigate(back);
        }}
      />
    </Flex>
  );
}
