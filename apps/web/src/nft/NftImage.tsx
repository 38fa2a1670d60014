import { Icon } from '../ui/Icon.tsx';

/**
 * An item's or a collection's artwork from the public upload route, square, or a plain placeholder
 * when the operator gave none. Its name is always shown beside it, so the picture is decorative.
 */
export function NftImage({ src, size = 'small' }: { src: string | null; size?: 'small' | 'large' }) {
  const className = `nft-image nft-image-${size}`;
  if (!src)
    return (
      <span className={`${className} nft-image-none`} aria-hidden="true">
        <Icon name="layers" size={size === 'large' ? 48 : 28} />
      </span>
    );
  return <img className={className} src={src} alt="" loading="lazy" decoding="async" />;
}
