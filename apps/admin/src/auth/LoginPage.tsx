import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { adminApi } from '../api/admin.ts';
import { errorMessage } from '../api/client.ts';
import { useSession } from '../api/session.tsx';
import { texts } from '../texts.ts';
import { authTexts } from './texts.ts';

const t = authTexts.login;

export function LoginPage() {
  const { token, signIn } = useSession();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const login = useMutation({
    mutationFn: adminApi.login,
    onSuccess: (session) => signIn(session),
  });

  if (token) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/users'} replace />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate({ email: email.trim(), password });
  };

  return (
    <div className="login-screen">
      <form className="login-card" onSubmit={onSubmit}>
        <div className="login-brand">
          {texts.brand} <span className="brand-suffix">{texts.brandSuffix}</span>
        </div>
        <h1>{t.title}</h1>
        <p className="muted">{t.subtitle}</p>

        <label className="field">
          <span>{t.email}</span>
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t.password}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>

        {login.isError && (
          <div className="alert alert-error" role="alert" data-testid="admin-login-error">
            {errorMessage(login.error)}
          </div>
        )}

        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={login.isPending}
          data-testid="admin-login-submit"
        >
          {login.isPending ? t.submitting : t.submit}
        </button>
      </form>
    </div>
  );
}
