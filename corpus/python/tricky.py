#!/usr/bin/env python3
# ringloc-expect: lines=28 code=12 comments=9 blanks=7
# Traps: docstrings (comment lines; a blank line inside one stays blank), a triple-quoted
# string assigned to a name (code), '#' inside strings, escaped quotes, a string ending in
# an escaped backslash, ''' inside """, and code right after a docstring closes.
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
