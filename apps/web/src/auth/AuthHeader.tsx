/** The brand mark and heading at the top of the login, register and reset screens. */
export function AuthHeader({ heading, subtitle }: { heading: string; subtitle: string }) {
  return (
    <div className="auth-header">
      <span className="auth-logo" aria-hidden="true">
        OTC
      </span>
      <h2 className="auth-heading">{heading}</h2>
      <p className="auth-subtitle">{subtitle}</p>
    </div>
  );
}
