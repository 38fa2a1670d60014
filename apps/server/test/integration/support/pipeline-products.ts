import { positionsOnPipeline } from '../positions/pipeline.ts';
import type { TestServer } from './harness.ts';
import { spotOnPipeline } from './spot-pipeline.ts';

/** What the restart test reads of an engine on the pipeline (`trading/engine.ts`). */
export interface EngineView {
  depth(levels: number): unknown;
  resting(id: string): { remaining: bigint } | undefined;
  stateHash(): string;
}

/**
 * A product that trades through the pipeline, as the restart-equals-original test drives it. Every
 * product on the pipeline is in PRODUCTS, so its engines are tested as spot's are.
 */
export interface PipelineProduct {
  name: string;
  /** Every engine of the product in a server, each named by its book. */
  engines(s: TestServer): Map<string, EngineView>;
  /** The product's orders as stored, with every column a restart must keep, oldest first. */
  orders(s: TestServer): Promise<{ id: string; book: string; status: string }[]>;
  /**
   * Fills the books (several users, both sides, partial fills, remainders below the entry minimum)
   * and checks that what the test is about is there; returns the checks to run after the restart.
   */
  load(s: TestServer): Promise<(restarted: TestServer) => Promise<void>>;
}

export const PRODUCTS: PipelineProduct[] = [spotOnPipeline, positionsOnPipeline];
