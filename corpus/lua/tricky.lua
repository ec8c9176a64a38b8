-- ringloc-expect: lines=19 code=9 comments=8 blanks=2
-- Traps: --[[ ]] block comments, ---[[ which is only a line comment, long strings [[ ]]
-- holding comment markers, [=[ ]=] levels, and escaped quotes.
local s = "a \"quoted\" -- word"
local t = 'it\'s -- fine'
--[[ a block comment

still in the block ]] local after = 1
---[[ a line comment only
local u = 2
--]]
local long = [[
-- not a comment

]]
local lvl = [=[ ]] still the string ]=] -- real comment
--[=[ level one
]] does not close ]=]
return { s, t, after, u, long, lvl }
