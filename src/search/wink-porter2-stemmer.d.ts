// The package ships no types: it exports one function, the Porter2 (Snowball English) stemmer.
declare module 'wink-porter2-stemmer' {
  export default function stem(word: string): string;
}
