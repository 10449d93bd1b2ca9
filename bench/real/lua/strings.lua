-- Strings: short (interned, lstring.c internshrstr) and long (luaS_newlstr)
-- strings made by concatenation, rep, sub, format, gsub, buffers; the
-- printed digests must be the same on every build.
local function digest(s)
  local h = 5381
  for i = 1, #s do h = (h * 33 + s:byte(i)) % 4294967296 end
  return string.format("%d:%08x", #s, h)
end

local short, long = {}, {}
for i = 1, 20000 do
  short[#short + 1] = "k" .. (i % 997)          -- interned, mostly reused
  long[#long + 1] = string.rep("x", 40 + i % 300) .. i
end
print("short", digest(table.concat(short, ",")))
print("long", digest(table.concat(long, ";")))

local s = string.rep("abc", 10000)
print("sub", digest(s:sub(5, -5)), digest(s:sub(2999, 3010)))
print("gsub", digest((s:gsub("b", "BB"))), select(2, s:gsub("c", "")))
print("format", string.format("%5.2f|%-8s|%q|%x", math.pi, "lua", "a\nb\0c", 48879))
print("upper", digest(s:upper()), digest(s:reverse()))
print("find", s:find("cab", 1, true), s:find("(c)(a)", 100))
print("byte", s:byte(1, 3), string.char(72, 105))
print("pack", digest(string.pack(">i4 s2 z", 7, "pack", "zero")))
print("utf8", utf8.len("h\u{e9}llo \u{1F600}"), utf8.char(0x4e2d, 0x6587))
local t = {}
for w in ("the quick brown fox jumps over the lazy dog"):gmatch("%a+") do t[#t + 1] = w:upper() end
print("gmatch", table.concat(t, " "))
print("eq", ("k" .. 5) == "k5", rawequal(("ab"):rep(50), ("ab"):rep(50)))
