// ringloc-expect: lines=23 code=13 comments=6 blanks=4
/* Traps: a text block spanning lines with comment markers, quotes and a blank line, a char
 * literal holding a double quote, an escaped backslash before a closing quote, Javadoc. */
package corpus;

/**
 * Javadoc is a comment.
 */
public class Tricky {
    static final char QUOTE = '"';
    static final String PATH = "C:\\"; // real comment
    static final String BLOCK = """
        /* not a comment */
        // nor this

        "quotes" inside""";

    /* a */ int a; /* b */

    public static void main(String[] args) {
        System.out.println(QUOTE + PATH + BLOCK); // done
    }
}
