import type { ChainStatuses } from '@otc/protocol/cashier/chain/schemas';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { createChain } from '../../platform/chain/index.ts';
import { depositChainsOf } from '../deposit/chains.ts';
import { chainStatuses } from './status.ts';

/**
 * The chains' status for the operator's command line (`npm run admin -- chains:status`): the chains
 * this configuration enables, connected as a server connects to them (a node that does not answer
 * fails here, as it fails a start), read as the back office's chain page reads them.
 */
export async function chainStatusFrom(db: Db, config: Config): Promise<ChainStatuses> {
  const chain = await createChain(config);
  return chainStatuses({ db, chain }, depositChainsOf({ chain }));
}
