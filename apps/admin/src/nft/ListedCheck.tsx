/** Whether users see a collection or an item (off sale hides it; units sold stay their owners'). */
export function ListedCheck(props: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
}) {
  return (
    <label className="nft-check nft-wide">
      <input
        type="checkbox"
        name="listed"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}
