import type { Queryable } from '../db/db.ts';

/**
 * The instruments a fresh platform starts with (issue 4: at least 20 crypto pairs, 20 stocks,
 * 10 forex pairs, 4 metals, 6 commodities), with realistic start prices, tick and lot sizes,
 * leverage caps per class (PRODUCT.md) and fees. Operators edit them in the back office.
 */
interface Entry {
  symbol: string;
  name: string;
  kind: 'spot' | 'perp' | 'cfd';
  class: 'crypto' | 'stock' | 'forex' | 'metal' | 'commodity';
  base: string;
  quote: string;
  index?: string;
  tick: string;
  lot: string;
  minNotional: string;
  leverage: number;
  maker: string;
  taker: string;
  stampDuty?: string;
  session: 'always' | 'forex' | 'us-stock' | 'metal' | 'commodity';
  price: string;
}

const CRYPTO: [string, string, string, string, string][] = [
  // base, name, start price, tick, lot
  ['BTC', 'Bitcoin', '67250.5', '0.01', '0.00001'],
  ['ETH', 'Ethereum', '3520.25', '0.01', '0.0001'],
  ['BNB', 'BNB', '585.4', '0.01', '0.001'],
  ['SOL', 'Solana', '152.75', '0.01', '0.001'],
  ['XRP', 'XRP', '0.5231', '0.0001', '0.1'],
  ['ADA', 'Cardano', '0.4512', '0.0001', '0.1'],
  ['DOGE', 'Dogecoin', '0.15234', '0.00001', '1'],
  ['TRX', 'TRON', '0.12456', '0.00001', '1'],
  ['TON', 'Toncoin', '6.234', '0.001', '0.01'],
  ['AVAX', 'Avalanche', '35.62', '0.01', '0.01'],
  ['DOT', 'Polkadot', '7.123', '0.001', '0.01'],
  ['LINK', 'Chainlink', '14.52', '0.001', '0.01'],
  ['POL', 'Polygon', '0.5623', '0.0001', '0.1'],
  ['LTC', 'Litecoin', '84.35', '0.01', '0.001'],
  ['BCH', 'Bitcoin Cash', '452.1', '0.1', '0.001'],
  ['UNI', 'Uniswap', '9.876', '0.001', '0.01'],
  ['ATOM', 'Cosmos', '8.234', '0.001', '0.01'],
  ['XLM', 'Stellar', '0.1123', '0.00001', '1'],
  ['NEAR', 'NEAR Protocol', '5.678', '0.001', '0.01'],
  ['APT', 'Aptos', '8.912', '0.001', '0.01'],
];
const PERPS = ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'AVAX', 'LINK', 'LTC'];

const STOCKS: [string, string, string][] = [
  ['AAPL', 'Apple', '189.87'],
  ['MSFT', 'Microsoft', '415.32'],
  ['NVDA', 'NVIDIA', '121.45'],
  ['AMZN', 'Amazon', '183.66'],
  ['GOOGL', 'Alphabet', '172.5'],
  ['META', 'Meta Platforms', '502.3'],
  ['TSLA', 'Tesla', '178.08'],
  ['JPM', 'JPMorgan Chase', '198.45'],
  ['V', 'Visa', '275.12'],
  ['JNJ', 'Johnson & Johnson', '147.8'],
  ['WMT', 'Walmart', '67.3'],
  ['PG', 'Procter & Gamble', '165.2'],
  ['MA', 'Mastercard', '455.6'],
  ['UNH', 'UnitedHealth', '492.1'],
  ['HD', 'Home Depot', '342.7'],
  ['DIS', 'Walt Disney', '101.25'],
  ['NFLX', 'Netflix', '640.5'],
  ['AMD', 'AMD', '158.4'],
  ['INTC', 'Intel', '30.85'],
  ['KO', 'Coca-Cola', '62.4'],
];

const FOREX: [string, string, string, string][] = [
  ['EUR/USD', 'Euro / US Dollar', '1.08452', '0.00001'],
  ['GBP/USD', 'British Pound / US Dollar', '1.27135', '0.00001'],
  ['USD/JPY', 'US Dollar / Japanese Yen', '155.42', '0.001'],
  ['USD/CHF', 'US Dollar / Swiss Franc', '0.90215', '0.00001'],
  ['AUD/USD', 'Australian Dollar / US Dollar', '0.66312', '0.00001'],
  ['USD/CAD', 'US Dollar / Canadian Dollar', '1.36543', '0.00001'],
  ['NZD/USD', 'New Zealand Dollar / US Dollar', '0.61024', '0.00001'],
  ['EUR/GBP', 'Euro / British Pound', '0.85301', '0.00001'],
  ['EUR/JPY', 'Euro / Japanese Yen', '168.55', '0.001'],
  ['GBP/JPY', 'British Pound / Japanese Yen', '197.6', '0.001'],
];

const METALS: [string, string, string, string][] = [
  ['XAU/USD', 'Gold', '2345.6', '0.01'],
  ['XAG/USD', 'Silver', '29.45', '0.001'],
  ['XPT/USD', 'Platinum', '985.4', '0.01'],
  ['XPD/USD', 'Palladium', '945.2', '0.01'],
];

const COMMODITIES: [string, string, string, string][] = [
  ['WTI', 'WTI Crude Oil', '78.45', '0.01'],
  ['BRENT', 'Brent Crude Oil', '82.6', '0.01'],
  ['NATGAS', 'Natural Gas', '2.634', '0.001'],
  ['COPPER', 'Copper', '4.512', '0.0005'],
  ['CORN', 'Corn', '4.455', '0.0025'],
  ['WHEAT', 'Wheat', '6.245', '0.0025'],
];

export const CATALOGUE: Entry[] = [
  ...CRYPTO.map(
    ([base, name, price, tick, lot]): Entry => ({
      symbol: `${base}/USDT`,
      name,
      kind: 'spot',
      class: 'crypto',
      base,
      quote: 'USDT',
      tick,
      lot,
      minNotional: '5',
      leverage: 1,
      maker: '0.001',
      taker: '0.001',
      session: 'always',
      price,
    }),
  ),
  ...PERPS.map((base): Entry => {
    const spot = CRYPTO.find((c) => c[0] === base) as [string, string, string, string, string];
    return {
      symbol: `${base}-PERP`,
      name: `${spot[1]} perpetual`,
      kind: 'perp',
      class: 'crypto',
      base,
      quote: 'USDT',
      index: `${base}/USDT`,
      tick: spot[3],
      lot: spot[4],
      minNotional: '5',
      leverage: base === 'BTC' || base === 'ETH' ? 100 : 50,
      maker: '0.0002',
      taker: '0.0005',
      session: 'always',
      price: spot[2],
    };
  }),
  ...STOCKS.map(
    ([symbol, name, price]): Entry => ({
      symbol,
      name,
      kind: 'cfd',
      class: 'stock',
      base: symbol,
      quote: 'USD',
      tick: '0.01',
      lot: '1',
      minNotional: '10',
      leverage: 5,
      maker: '0.0005',
      taker: '0.0005',
      stampDuty: '0.001',
      session: 'us-stock',
      price,
    }),
  ),
  ...FOREX.map(
    ([symbol, name, price, tick]): Entry => ({
      symbol,
      name,
      kind: 'cfd',
      class: 'forex',
      base: symbol.split('/')[0] as string,
      quote: symbol.split('/')[1] as string,
      tick,
      lot: '0.01',
      minNotional: '10',
      leverage: 100,
      maker: '0.0001',
      taker: '0.0001',
      session: 'forex',
      price,
    }),
  ),
  ...METALS.map(
    ([symbol, name, price, tick]): Entry => ({
      symbol,
      name,
      kind: 'cfd',
      class: 'metal',
      base: symbol.split('/')[0] as string,
      quote: 'USD',
      tick,
      lot: '0.01',
      minNotional: '10',
      leverage: 50,
      maker: '0.0003',
      taker: '0.0003',
      session: 'metal',
      price,
    }),
  ),
  ...COMMODITIES.map(
    ([symbol, name, price, tick]): Entry => ({
      symbol,
      name,
      kind: 'cfd',
      class: 'commodity',
      base: symbol,
      quote: 'USD',
      tick,
      lot: '1',
      minNotional: '10',
      leverage: 20,
      maker: '0.0003',
      taker: '0.0003',
      session: 'commodity',
      price,
    }),
  ),
  ...(['BTC', 'ETH'] as const).map((base): Entry => {
    const spot = CRYPTO.find((c) => c[0] === base) as [string, string, string, string, string];
    return {
      symbol: `${base}/USD`,
      name: `${spot[1]} CFD`,
      kind: 'cfd',
      class: 'crypto',
      base,
      quote: 'USD',
      index: `${base}/USDT`,
      tick: spot[3],
      lot: spot[4],
      minNotional: '10',
      leverage: 20,
      maker: '0.0005',
      taker: '0.0005',
      session: 'always',
      price: spot[2],
    };
  }),
];

/**
 * Inserts what is missing; an operator's edits to existing instruments stay. One statement for the
 * whole catalogue (it runs at every start: one per instrument was 72 round trips through the
 * embedded database before serving). The followers' references to their index instruments are
 * checked at the statement's end, when both are in.
 */
export async function seedCatalogue(q: Queryable): Promise<void> {
  // The sort order as before: instruments with their own walk first, then their followers.
  const ordered = [...CATALOGUE].sort((a, b) => Number(Boolean(a.index)) - Number(Boolean(b.index)));
  const rows = ordered.map((e, i) => ({
    symbol: e.symbol,
    name: e.name,
    kind: e.kind,
    class: e.class,
    base: e.base,
    quote: e.quote,
    index_symbol: e.index ?? null,
    tick_size: e.tick,
    lot_size: e.lot,
    min_notional: e.minNotional,
    max_leverage: e.leverage,
    maker_fee: e.maker,
    taker_fee: e.taker,
    stamp_duty: e.stampDuty ?? '0',
    session: e.session,
    start_price: e.price,
    sort: i,
  }));
  await q.query(
    `INSERT INTO instruments (symbol, name, kind, class, base, quote, index_symbol, tick_size, lot_size, min_notional,
       max_leverage, maker_fee, taker_fee, stamp_duty, session, start_price, sort)
     SELECT symbol, name, kind, class, base, quote, index_symbol, tick_size::numeric, lot_size::numeric,
       min_notional::numeric, max_leverage, maker_fee::numeric, taker_fee::numeric, stamp_duty::numeric, session,
       start_price::numeric, sort
     FROM jsonb_to_recordset($1::jsonb) AS r (symbol text, name text, kind text, class text, base text, quote text,
       index_symbol text, tick_size text, lot_size text, min_notional text, max_leverage integer, maker_fee text,
       taker_fee text, stamp_duty text, session text, start_price text, sort integer)
     ORDER BY sort
     ON CONFLICT (symbol) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}
