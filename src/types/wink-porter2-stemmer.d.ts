// wink-porter2-stemmer ships no typings: one function from an English word to its Porter2 stem.
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export default stem;
}
