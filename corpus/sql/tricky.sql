-- ringloc-expect: lines=14 code=8 comments=4 blanks=2
/* Traps: quotes doubled inside strings, comment markers inside strings and quoted
   identifiers, a string spanning lines with a blank line, and a block comment after code. */
CREATE TABLE "weird--name" (id INT, note TEXT); -- real comment

INSERT INTO "weird--name" VALUES (1, 'it''s -- not a comment');
INSERT INTO "weird--name" VALUES (2, '/* nor this */');
INSERT INTO "weird--name" VALUES (3, 'first line
-- inside the string

last line');
SELECT id /* inline */, note FROM "weird--name" /* trailing
   block */ WHERE id > 0;
    -- indented comment
