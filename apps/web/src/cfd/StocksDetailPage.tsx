import { ComingSoonBanner } from '../app/ComingSoon.tsx';
import { InstrumentDetail } from '../market/screens.ts';

/** A CFD's detail with its chart; this is where its order ticket comes, and until then it says so. */
export default function StocksDetailPage() {
  return <InstrumentDetail banner={<ComingSoonBanner text="cfd.detail.soon" />} soon />;
}
