import { makeTemplate } from './template.ts';

/**
 * `npm install`'s postinstall: makes the migrated template a first start loads (db/template.ts).
 * It never fails the install: without a template the start creates the database itself.
 */
try {
  const started = performance.now();
  const file = await makeTemplate();
  console.log(
    `embedded database template ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${file}`,
  );
} catch (error) {
  console.warn(`embedded database template not made (a first start creates the database): ${String(error)}`);
}
