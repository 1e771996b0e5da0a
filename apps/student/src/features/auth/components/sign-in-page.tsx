import { SignInExtras } from '@aula/web/features/auth/components/sign-in-extras.tsx';
import { SignInForm } from '@aula/web/features/auth/components/sign-in-form.tsx';
import { requiredCheck } from '@aula/web/lib/form-rules.ts';
import { useT } from '@aula/web/lib/i18n.ts';

/** The student sign-in: the dashboard's form, but students often have a username instead of an email address. */
export function SignInPage() {
  const t = useT();
  return (
    <>
      <SignInForm
        loginField={{
          label: t('student.signIn.login'),
          // loginFormSchema's login rule without zod, which the sign-in page does not load
          check: requiredCheck(() => t('student.fields.login'), { trim: true }),
        }}
      />
      <SignInExtras />
    </>
  );
}
