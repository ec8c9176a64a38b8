#!/usr/bin/env python3
# ringloc-expect: lines=43 code=20 comments=13 blanks=10
# Traps: docstrings (comment lines; a blank line inside one stays blank), a triple-quoted
# string assigned to a name (code), '#' inside strings, escaped quotes, a string ending in
# an escaped backslash, ''' inside """, code right after a docstring closes, r/U prefixes.
"""Module docstring.

It has a blank line, and a # that is not a comment.
"""
import os

URL = "http://example.com/#anchor"  # a real comment after code
QUOTE = 'it\'s # still a string'
BACKSLASH = "C:\\"  # the quote after \\ closes the string
TEMPLATE = """
select 1;  # inside an assigned string: code

"""


def f(x):
    '''Docstring with """ inside.'''
    return x  # '''not a string'''


class C:
    """Doc.""" ; y = 1
    z = """one line""" + "x"


def g(pattern):
    r"""Raw doc string: \d+ is a backslash, not an escape.

    Still a doc string after its blank line.
    """
    U'''Upper-case unicode prefix: a doc string too.'''
    data = b"""bytes
    are code"""
    text = f'''{pattern}
    an f-string is code'''
    br'''raw bytes
    open no doc string either'''
    return rb"""x""" + u"""y"""
