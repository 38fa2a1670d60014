/** The auth area's one module for the other areas: the signed-in person's card and session actions. */
export { maskedContact } from './contact.ts';
export { ProfileCard } from './ProfileCard.tsx';
export { ADD_PARAM } from './SignedInPanel.tsx';
export { refreshUser, signOut, switchAccount } from './sessionActions.ts';
