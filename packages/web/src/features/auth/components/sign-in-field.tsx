import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The id of a field's message, which the field's input names in `aria-describedby` while it shows. */
export function helpId(id: string): string {
  return `${id}_help`;
}

/**
 * A labelled field of the sign-in form in the look of AntD's vertical Form.Item (decision 0008): the label above
 * (heading colour, 8px below it), the input, and the field's message in the error colour in the item's 24px bottom
 * margin, so a one-line message moves nothing.
 */
export function SignInField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 0 : token.marginLG }}>
      <div style={{ padding: `0 0 ${token.paddingXS}px` }}>
        <label htmlFor={id} title={label} style={{ color: token.colorTextHeading, fontSize: token.fontSize }}>
          {label}
        </label>
      </div>
      {children}
      {error && (
        <div
          id={helpId(id)}
          style={{ color: token.colorError, minHeight: token.controlHeightSM, lineHeight: token.lineHeight }}
        >
          {error}
        </div>
      )}
    </div>
  );
}
