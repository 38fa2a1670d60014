/** The user's picture, or the first letter of the nickname on an accent disc. */
export function Avatar({ src, name, size = 48 }: { src: string | null; name: string; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.42 };
  if (src) return <img className="avatar" src={src} alt="" style={style} />;
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="avatar avatar-letter" style={style} aria-hidden="true">
      {letter}
    </span>
  );
}
