/** The back office's texts of the operators (read by its pages; the shell's own are in `src/texts.ts`). */
export const operatorsTexts = {
  operators: {
    /** Its entry in the navigation. */
    nav: 'Operators',
    title: 'Operators',
    listTitle: 'All operators',
    createTitle: 'Create operator',
    createHint: 'Only operators with the admin role can create operators.',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least 8 characters, with a letter and a digit.',
    role: 'Role',
    submit: 'Create operator',
    submitting: 'Creating…',
    created: (email: string) => `Operator ${email} created.`,
    columns: {
      id: 'ID',
      email: 'Email',
      role: 'Role',
      created: 'Created',
    },
    empty: 'No operators.',
    you: 'you',
  },
} as const;
