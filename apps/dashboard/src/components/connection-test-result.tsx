import { Alert } from 'antd';

/**
 * The outcome of a 'Test connection' action (roster sources, SSO providers): a success or an error with the
 * server's reason, announced as a status.
 */
export function ConnectionTestResult(props: { ok: boolean; message: string; description?: string | null }) {
  return (
    <Alert
      role="status"
      showIcon
      type={props.ok ? 'success' : 'error'}
      message={props.message}
      description={props.description ?? undefined}
    />
  );
}
