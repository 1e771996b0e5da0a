import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import { useT } from '@aula/web/lib/i18n.ts';
import { theme } from 'antd';
import { saveStatusOf, type SaveState } from '../lib/save-rules';

/**
 * The save status line (aria-live polite, so a screen reader hears it change without being interrupted): saved,
 * saving, offline (kept on this device), the server unreachable, or an answer refused with the server's reason.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const t = useT();
  const { token } = theme.useToken();
  const status = saveStatusOf(state);
  const refused = state.rejected[0]?.message;
  const text =
    status === 'rejected'
      ? refused
        ? t('studentWork.status.rejected', { message: refused })
        : t('studentWork.status.rejectedGeneric')
      : t(`studentWork.status.${status}`);
  const look = {
    saved: { icon: <CheckCircleOutlined />, color: token.colorSuccessText },
    saving: { icon: <SyncOutlined spin />, color: token.colorTextSecondary },
    offline: { icon: <DisconnectOutlined />, color: token.colorWarningText },
    unreachable: { icon: <DisconnectOutlined />, color: token.colorWarningText },
    rejected: { icon: <ExclamationCircleOutlined />, color: token.colorErrorText },
  }[status];
  return (
    <div
      role="status"
      aria-live="polite"
      data-save-status={status}
      style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 22 }}
    >
      {/* the icon carries the colour; the words stay in the text colour, readable on any background */}
      <span aria-hidden="true" style={{ color: look.color }}>
        {look.icon}
      </span>
      <span style={{ color: token.colorText, fontWeight: status === 'rejected' ? 600 : undefined }}>{text}</span>
    </div>
  );
}
