// KaTeX with its stylesheet, one chunk fetched with the first formula: the stylesheet names KaTeX's fonts, which the
// browser then fetches only for the glyphs a formula shows.
import 'katex/dist/katex.min.css';

export { default } from 'katex';
