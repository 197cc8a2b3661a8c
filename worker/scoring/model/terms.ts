import { wordsOf } from "../../language/words";

/**
 * The words of an answer as the trained reader sees them (issue 24 item 3): lower-cased
 * words, figures folded to "<n>" ("61%" and "38" say alike that a figure was given; not "#",
 * which starts the names of the conversation's numeric features, kept whatever their writers), each
 * word and each pair of neighbours. A negation ("not", "never", "can't", "no") marks the
 * next three words with "!" until a sentence or clause ends, so "not sleeping" and
 * "sleeping" are different terms. One pass over the text: linear, after the app's
 * 2,000-character limit on a message.
 */
const NEGATORS = new Set([
  "not",
  "no",
  "never",
  "nothing",
  "nobody",
  "none",
  "neither",
  "nor",
  "without",
  "hardly",
  "barely",
  "cannot",
  "nope",
  "nah",
]);
/** How many words a negation reaches. */
const SCOPE = 3;
/** Words that end a negation's reach: a contrast starts a new thought. */
const SCOPE_ENDS = new Set(["but", "though", "although", "however", "and", "so", "because"]);

const negates = (word: string) =>
  NEGATORS.has(word) ||
  word.endsWith("n't") ||
  /^(?:dont|cant|wont|isnt|didnt|doesnt|wasnt|havent|aint|couldnt|wouldnt)$/.test(word);

/** The terms of one text: unigrams and bigrams, negation marked; repeats kept (the caller counts). */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const clause of text.split(/[.!?;:\n]+/)) {
    let reach = 0;
    let previous: string | null = null;
    for (const raw of wordsOf(clause)) {
      const word = /\d/.test(raw) ? "<n>" : raw;
      if (SCOPE_ENDS.has(word)) reach = 0;
      const term = reach > 0 && !negates(word) ? `!${word}` : word;
      terms.push(term);
      if (previous !== null) terms.push(`${previous} ${term}`);
      previous = term;
      if (negates(word)) reach = SCOPE;
      else if (reach > 0) reach--;
    }
  }
  return terms;
}
