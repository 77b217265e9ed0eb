/**
 * Extractive research over a company's fetched pages: pages are cut into passages, BM25 (wink-bm25-text-search)
 * ranks them against the question, and the answer is made of the pages' own sentences, each cited with the page
 * it came from. Nothing is generated here, so nothing can be invented; `checkCitedAnswer` holds a language
 * model's answer to the same standard. Pure: no I/O, no clock.
 */
export { answerQuestion, type AnswerOptions } from './research/answer';
export { chunkPages, type Passage, type TextSpan } from './research/chunks';
export { type RankedPassage, rankPassages } from './research/rank';
export { contentTerms } from './research/terms';
export { checkCitedAnswer, type DropReason, type DroppedSentence, findVerbatim, type KeptSentence, type ModelSentence } from './research/verify';
