import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { languageName, parseModelJson } from '../llm/modelOutput.js';
import { LocalLlm, type LlmCallStats, type LlmTask, type LocalLlmOptions } from '../llm/localLlm.js';
import type { Intent } from '../rewrite/types.js';

/** A passage as the model sees it in a Map call. */
export interface MapPassage {
  /** 1-based, as numbered in the prompt. */
  n: number;
  path: string;
  page: number | null;
  text: string;
}

export type Relevance = 'high' | 'medium' | 'low';

/** A fact as the model gives it: not yet checked against its passage. */
export interface LlmFact {
  passage: number;
  quote: string;
  relevance: Relevance;
}

/** A fact as the model sees it in a Reduce call. */
export interface ReduceFact {
  n: number;
  quote: string;
  source: string;
}

export interface LlmAnswer {
  /** The model's own check: do the facts answer the question? */
  answered: 'yes' | 'partly' | 'no';
  sentences: { text: string; facts: number[] }[];
}

/**
 * The answering stages' use of a local instruct model: Map (facts quoted from a batch of
 * passages) and Reduce (the answer written from numbered facts, with its own check). What it
 * returns is checked by the stages (quotes must be in their passage, numbers in their facts).
 */
export interface LlmAnswerer {
  readonly id: string;
  map(input: { question: string; passages: readonly MapPassage[] }, budgetMs: number): Promise<LlmFact[]>;
  reduce(input: { question: string; intent: Intent; language: string; facts: readonly ReduceFact[] }, budgetMs: number): Promise<LlmAnswer>;
  readonly lastCall?: LlmCallStats;
}

export const MAP_SCHEMA = {
  type: 'object',
  properties: {
    facts: {
      type: 'array',
      maxItems: 8,
      items: {
        type: 'object',
        properties: { passage: { type: 'integer' }, quote: { type: 'string', maxLength: 400 }, relevance: { enum: ['high', 'medium', 'low'] } },
        required: ['passage', 'quote', 'relevance'],
      },
    },
  },
  required: ['facts'],
} as const;

export const REDUCE_SCHEMA = {
  type: 'object',
  properties: {
    answered: { enum: ['yes', 'partly', 'no'] },
    sentences: {
      type: 'array',
      maxItems: 8,
      items: {
        type: 'object',
        properties: { text: { type: 'string', maxLength: 400 }, facts: { type: 'array', items: { type: 'integer' }, maxItems: 4 } },
        required: ['text', 'facts'],
      },
    },
  },
  required: ['answered', 'sentences'],
} as const;

const mapOutput = z.object({ facts: z.array(z.object({ passage: z.number().int(), quote: z.string(), relevance: z.enum(['high', 'medium', 'low']) })) });
const reduceOutput = z.object({
  answered: z.enum(['yes', 'partly', 'no']),
  sentences: z.array(z.object({ text: z.string(), facts: z.array(z.number().int()) })),
});

export const parseMapOutput = (text: string): LlmFact[] => parseModelJson(text, mapOutput, { what: 'facts', contract: 'its schema' }).facts;
export const parseReduceOutput = (text: string): LlmAnswer => parseModelJson(text, reduceOutput, { what: 'answer', contract: 'its schema' });

const PROMPTS = new URL('./prompts/', import.meta.url);
const prompt = (name: string): string => readFileSync(new URL(name, PROMPTS), 'utf8').trim();

/** How the answer should be shaped, per intent (the Reduce prompt's instruction). */
const SHAPES: Record<Intent, string> = {
  factual: 'Answer in one or two sentences.',
  count: 'Give the number first, then what was counted, one sentence each.',
  list: 'One sentence per item.',
  compare: 'One sentence per thing compared, side by side.',
  summarize: 'A short paragraph of two to four sentences.',
};

const PASSAGE_CHARS = 1200;

export type LlamaAnswererOptions = ({ llm: LocalLlm } | LocalLlmOptions) & { mapTokens?: number; reduceTokens?: number };

/** The answering stages on a local GGUF model: one task (system prompt kept evaluated) for Map and Reduce. */
export class LlamaAnswerer implements LlmAnswerer {
  readonly id: string;
  readonly llm: LocalLlm;
  private readonly task: LlmTask;
  private readonly templates = { map: prompt('map.txt'), reduce: prompt('reduce.txt') };
  private readonly owns: boolean;

  constructor(private readonly options: LlamaAnswererOptions) {
    this.owns = !('llm' in options);
    this.llm = 'llm' in options ? options.llm : new LocalLlm(options);
    this.id = `llm:${this.llm.name}`;
    this.task = this.llm.task(prompt('system.txt'));
  }

  get lastCall(): LlmCallStats | undefined {
    return this.task.lastCall;
  }

  async map(input: { question: string; passages: readonly MapPassage[] }, budgetMs: number): Promise<LlmFact[]> {
    const passages = input.passages
      .map((p) => `[${p.n}] (${basename(p.path)}${p.page ? ` p.${p.page}` : ''})\n${p.text.length > PASSAGE_CHARS ? `${p.text.slice(0, PASSAGE_CHARS)}…` : p.text}`)
      .join('\n\n');
    const text = await this.task.complete(
      this.templates.map.replace('{{question}}', () => input.question).replace('{{passages}}', () => passages),
      { schema: MAP_SCHEMA, budgetMs, maxTokens: this.options.mapTokens ?? 384 },
    );
    return parseMapOutput(text);
  }

  async reduce(input: { question: string; intent: Intent; language: string; facts: readonly ReduceFact[] }, budgetMs: number): Promise<LlmAnswer> {
    const facts = input.facts.map((f) => `[${f.n}] ${f.quote} (${f.source})`).join('\n');
    const text = await this.task.complete(
      this.templates.reduce
        .replace('{{question}}', () => input.question)
        .replace('{{language}}', () => languageName(input.language))
        .replace('{{shape}}', () => SHAPES[input.intent])
        .replace('{{facts}}', () => facts),
      { schema: REDUCE_SCHEMA, budgetMs, maxTokens: this.options.reduceTokens ?? 384 },
    );
    return parseReduceOutput(text);
  }

  async close(): Promise<void> {
    if (this.owns) await this.llm.close();
  }
}
