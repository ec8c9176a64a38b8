// ringloc-expect: lines=18 code=11 comments=4 blanks=3
/* Traps: a template literal spanning lines with comment markers and a blank line, quotes of
 * one kind inside strings of another, an escaped backslash before a closing quote, and
 * a block comment that opens after code. */
'use strict';

const url = "http://example.com/*x*/";
const single = 'it\'s // fine';
const mixed = "it's" + '"quoted"';
const back = 'C:\\'; // real comment
const tpl = `line one // not a comment
  ${url} /* still the template */

  end`;
let n = 1; /* opens after code
   and closes */ n += 1;
   
module.exports = { url, single, mixed, back, tpl, n };
