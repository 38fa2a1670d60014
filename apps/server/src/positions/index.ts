// The area's module (module.ts) and the risk side (triggers, liquidations, funding, the back
// office): a sub-area built on it, both reached through this file.
export type { PositionEngine } from './engine.ts';
export type { PositionEngines } from './engines.ts';
export type { PositionChange } from './events.ts';
export { type PositionsArea, positionsArea, positionsModule } from './module.ts';
export { positionRiskModule } from './risk/index.ts';
export type { PositionOrderRow, PositionRow } from './rows.ts';
export { stateOf, toPosition } from './rows.ts';
export type { InstrumentRules, PositionRulesRow } from './rules.ts';
export { loadPositionRules } from './rules.ts';
