/**
 * The address the withdraw form sends to. Until the user picks or types one (`chosen` null), it is
 * the first saved address on the chain: issue 24, the form started on "A new address" with an empty
 * field though addresses were saved, so a newcomer's first submit was refused. Choosing "A new
 * address" makes `chosen` the empty string, which stays empty.
 */
export function withdrawAddress(chosen: string | null, saved: readonly { address: string }[]): string {
  return chosen ?? saved[0]?.address ?? '';
}
