/** The back office's texts of signing in (read by its pages; the shell's own are in `src/texts.ts`). */
export const authTexts = {
  login: {
    title: 'Sign in to the back office',
    subtitle: 'Operators only. Every action is recorded in the audit log.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
  },
} as const;
