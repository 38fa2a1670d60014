import { DEV_CHAIN_ID } from '@otc/protocol/cashier/chains';
import { useTranslation } from 'react-i18next';

/**
 * A chain's name in the reader's language: the server names chains in English; real chains'
 * names are proper names, the local dev chain's is words (issue 24: "Local dev chain" on German
 * screens).
 */
export function useChainName(): (chainId: number, name: string) => string {
  const { t } = useTranslation();
  return (chainId, name) => (chainId === DEV_CHAIN_ID ? t('funding.devChain') : name);
}
