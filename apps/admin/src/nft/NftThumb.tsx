/** An image in a list row, as users see it (decorative there: the row names what it shows). */
export function NftThumb({ image }: { image: string | null }) {
  return image ? <img className="nft-thumb" src={image} alt="" loading="lazy" /> : null;
}
