// wink-distance ships no typings; only the string measures used here are declared.
declare module 'wink-distance' {
  const distance: {
    string: {
      jaroWinkler(a: string, b: string): number;
      levenshtein(a: string, b: string): number;
    };
  };
  export default distance;
}
