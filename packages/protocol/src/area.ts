import type { ZodObject } from 'zod';
import type { Contract } from './contract.ts';

/**
 * What an area adds to the protocol's shared vocabularies, declared in its folder's `area.ts` and
 * listed once in `areas.ts`: its kinds of journal transaction, its kinds of notification and its
 * error keys with their codes. Zod-free and plain data: the schemas name these words (a
 * notification's kind, a refusal's key), so they sit below the schemas, and the web imports them.
 */
export interface AreaVocabulary {
  /** The area's folder name. */
  readonly name: string;
  /** The kinds of journal transaction the area writes (the web's balance history labels each). */
  readonly journalKinds?: readonly string[];
  /** The kinds of notification the area writes (`notice.<kind>.title` and `.body` on the server). */
  readonly noticeKinds?: readonly string[];
  /** The errors only the area answers, by key, with the code each carries (and the HTTP status). */
  readonly errors?: { readonly [key: string]: number };
  /**
   * The events it sends on the user's private channel (their schemas are in its `wire.ts`), each
   * kind with the field that carries it: the web's filter reads these to tell an event from a gap.
   */
  readonly userEventFields?: { readonly [kind: string]: string };
}

/**
 * What an area puts on the wire, declared in its folder's `wire.ts` and listed once in `wires.ts`:
 * its contracts (every call it serves) and the events it sends on the user's private socket
 * channel. Above the schemas, so apart from the vocabulary.
 */
export interface AreaWire {
  readonly contracts: readonly { readonly [name: string]: Contract }[];
  /** One object schema per kind of user event, each with `kind` a literal. */
  readonly userEvents?: readonly ZodObject[];
}
