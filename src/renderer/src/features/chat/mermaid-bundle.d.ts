// TypeScript resolves this import through mermaid's package exports ("./*") and finds no such file, rather than
// taking vite's `*?raw` declaration (vite/client): the bundle's text, named exactly.
declare module 'mermaid/dist/mermaid.min.js?raw' {
  const text: string;
  export default text;
}
