-- ringloc-expect: lines=17 code=7 comments=6 blanks=4
{- Traps: nested {- block -} comments, a pragma (a comment to the counter), comment
   markers inside strings, and an escaped quote. -}
{-# LANGUAGE OverloadedStrings #-}
module Tricky where

{- outer {- inner -} still outer

   -} answer :: Int
answer = 42 -- trailing comment

url :: String
url = "http://example.com/{-not-}--a-comment"

quoted :: String
quoted = "say \"hi\" -- not a comment"
  -- indented comment
