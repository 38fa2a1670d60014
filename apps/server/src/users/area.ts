import type { Area } from '../platform/area.ts';

/** The user record has no routes of its own yet (profile and settings come with the identity issue). */
export function usersArea(): Area {
  return { name: 'users' };
}
