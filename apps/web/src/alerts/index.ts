/**
 * The alerts area's module for the other areas: the bell button an instrument's screen shows (its
 * sheet loads on the first tap, in a chunk of its own).
 */
export { AlertButton } from './AlertButton.tsx';
