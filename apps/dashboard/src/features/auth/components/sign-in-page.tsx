import { SignInExtras } from '@aula/web/features/auth/components/sign-in-extras.tsx';
import { SignInForm } from '@aula/web/features/auth/components/sign-in-form.tsx';
import { emailCheck } from '@aula/web/lib/form-rules.ts';
import { useT } from '@aula/web/lib/i18n.ts';

/** 001 section 2: staff sign in with their email address, or continue with ClassLink, Clever or Google. */
export function SignInPage() {
  const t = useT();
  return (
    <>
      <SignInForm
        loginField={{
          label: t('dashboard.signIn.email'),
          // emailSchema's rule without zod, which the sign-in page does not load
          check: emailCheck(() => t('fields.login')),
          // inputMode, not type="email": the browser's own check would block the form's translated messages
          inputMode: 'email',
        }}
      />
      <SignInExtras />
    </>
  );
}
