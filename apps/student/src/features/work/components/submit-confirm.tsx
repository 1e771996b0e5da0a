import { useT } from '@aula/web/lib/i18n.ts';
import { Modal } from 'antd';

/** 'Submit?': asked once the last section is done. AntD's Modal loads with it, not with the player. */
export default function SubmitConfirm({ onCancel, onOk }: { onCancel: () => void; onOk: () => void }) {
  const t = useT();
  return (
    <Modal
      open
      title={t('studentWork.player.confirmTitle')}
      okText={t('studentWork.player.submit')}
      cancelText={t('studentWork.player.cancel')}
      onCancel={onCancel}
      onOk={onOk}
    >
      <p>{t('studentWork.player.confirmText')}</p>
    </Modal>
  );
}
