// The core's messages written as sentences. The core hands every error and refusal across the wasm
// boundary as data (an Error whose `detail` is `{ code, args }`: crates/astar-core/src/message.rs); this
// module fills the code's template in the page's language. English templates come generated from the
// core (www/generated/messages.ts), Chinese ones from www/i18n/core-zh.ts; numbers are formatted by the
// page, terms and nested messages are written in turn, an algorithm is written as its title.
import { CORE_ENGLISH, type CoreCode } from '../generated/messages.js';

/** One value of a message: a number, the user's own text, a term, an algorithm, or a message inside it. */
export type CoreArg = number | string | { term: CoreCode } | { algorithm: string } | CoreMessage;

/** A message of the core as data. */
export interface CoreMessage {
  code: CoreCode;
  args: Record<string, CoreArg>;
}

/** How one language writes the core's messages. */
export interface CoreWriter {
  templates: Record<CoreCode, string>;
  number(value: number): string;
  algorithm(name: string): string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** True when `value` has the shape of a core message with a code this page knows. */
export function isCoreMessage(value: unknown): value is CoreMessage {
  return isObject(value) && typeof value.code === 'string' && value.code in CORE_ENGLISH && isObject(value.args);
}

/** The message a thrown value carries from the core, if it carries one. */
export function coreMessageOf(err: unknown): CoreMessage | null {
  const detail = isObject(err) ? err.detail : undefined;
  return isCoreMessage(detail) ? detail : null;
}

/** `message` written with `writer`. */
export function writeCore(message: CoreMessage, writer: CoreWriter): string {
  return writer.templates[message.code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = message.args[name];
    if (value === undefined) return whole;
    if (typeof value === 'number') return writer.number(value);
    if (typeof value === 'string') return value;
    if ('term' in value) return writer.templates[value.term] ?? value.term;
    if ('algorithm' in value) return writer.algorithm(value.algorithm);
    return writeCore(value, writer);
  });
}

/** The English templates, as generated from the core. */
export const ENGLISH_TEMPLATES: Record<CoreCode, string> = CORE_ENGLISH;
