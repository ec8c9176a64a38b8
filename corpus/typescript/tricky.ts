// ringloc-expect: lines=17 code=7 comments=8 blanks=2
// Traps: a JSDoc block with a blank line inside, string literal types holding comment
// markers, a template literal with quotes inside, a backtick inside single quotes, no final newline.
/**
 * Adds two numbers.

 * @param a first
 */
export function add(a: number, b: number): number {
  return a + b; // sum
}

type Marker = "//" | "/*" | '*/';
const greet = (name: string): string => `hello "${name}" // not a comment`;
/* one */ /* two */
export const tick = '`'; // a backtick inside single quotes does not open a template
export default { add, greet, tick, marker: "//" as Marker };