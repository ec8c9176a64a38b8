#!/usr/bin/env groovy
// ringloc-expect: lines=4 code=1 comments=3 blanks=0
// Traps: Groovy skips a `#!` first line as a comment.
println "args: ${args}"
