import { message } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from '../lib/notifier';

/** Hands AntD's themed message API to the response handler (lib/notifier.ts), which runs outside React. */
export default function ToastHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier(api);
    return () => setNotifier(null);
  }, [api]);
  return holder;
}
