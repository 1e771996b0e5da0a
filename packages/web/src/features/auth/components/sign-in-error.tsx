import { Alert } from 'antd';

/** The sign-in form's error: one message as the title, several as a list. */
export default function SignInError({ messages }: { messages: string[] }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={messages.length === 1 ? messages[0] : undefined}
      description={
        messages.length > 1 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
