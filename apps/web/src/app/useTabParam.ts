import { useSearchParams } from 'react-router';

/** A page's tab kept in the query string (replacing history), so back and reload keep it. */
export function useTabParam(name = 'tab'): [string | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (id: string) => {
    const next = new URLSearchParams(params);
    next.set(name, id);
    setParams(next, { replace: true });
  };
  return [params.get(name), set];
}
