// ringloc-expect: lines=7 code=4 comments=3 blanks=0
// Traps: nested comments, a triple-quoted string ending in a run of quotes.
/* a /* nested */ comment */
val s = """say "hi"""" // the run's last three close it
val t = """
/* text */"""
object Main
