import type { ConversationRow } from './dataset.js';

/** What a strategy hands the retriever for one conversation turn. */
export interface StrategyOutput {
  /** The text searched. */
  query: string;
}

export interface Strategy {
  name: string;
  run(row: ConversationRow): Promise<StrategyOutput> | StrategyOutput;
}

/** Yardsticks that need no rewriting: the turn as asked, every user turn, the reference rewrite. */
export const BASELINES: Strategy[] = [
  { name: 'last_turn', run: (r) => ({ query: r.query }) },
  {
    name: 'all_user_turns',
    run: (r) => ({ query: [...r.history.filter((h) => h.role === 'user').map((h) => h.text), r.query].join(' ') }),
  },
  // Replayed as a yardstick only: never an input to the product.
  { name: 'reference_rewrite', run: (r) => ({ query: r.reference_rewrite }) },
];
