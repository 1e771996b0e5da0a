import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';

/**
 * AntD's App context (`App.useApp()`: message, notification and modal) for the screens that use it: the signed-in
 * shell, the password reset and the change-password prompt, all loaded on demand. The sign-in page does without,
 * so the first bundle does not carry modal and notification; its base text styles come from the providers.
 */
export function Feedback({ children }: { children: ReactNode }) {
  return <AntApp component={false}>{children}</AntApp>;
}
