-- The rest of the interpreter a rewrite of any file could reach: tables
-- (rehash, sort), closures, coroutines, load and string.dump (ldump.c,
-- lundump.c), error handling, the garbage collector, io on a temporary file.
local t = {}
for i = 1, 50000 do t[i] = (i * 7919) % 50021 end
table.sort(t)
print("sort", t[1], t[25000], t[50000], #t)
local h = {}
for i = 1, 30000 do h["key" .. i] = i end
for i = 1, 30000, 2 do h["key" .. i] = nil end
local n = 0
for _ in pairs(h) do n = n + 1 end
print("hash", n, h.key2, h.key3)
print("concat", table.concat({ 1, 2, 3, "x" }, "-"), table.unpack({ 4, 5, 6 }))
print("move", table.concat(table.move({ 1, 2, 3, 4, 5 }, 2, 4, 1), ","))

local function counter()
  local c = 0
  return function() c = c + 1; return c end
end
local c1, c2 = counter(), counter()
c1(); c1()
print("closure", c1(), c2())

local co = coroutine.wrap(function(a)
  for i = 1, 3 do a = coroutine.yield(a * i) end
  return "done"
end)
print("coroutine", co(2), co(3), co(4), co(5))

local f = load("local a, b = ... return a * b + #tostring(a)")
local dumped = string.dump(f)
local g = load(dumped, "dumped", "b")
print("dump", f(6, 7), g(6, 7), #dumped > 0)
print("pcall", pcall(error, { code = 42 }), select(2, pcall(error, "msg", 0)))
print("xpcall", xpcall(function() return nil + 1 end, function(m) return "handled" end))

collectgarbage("collect")
local before = collectgarbage("count")
do local junk = {} for i = 1, 100000 do junk[i] = { i } end end
collectgarbage("collect")
print("gc", collectgarbage("count") < before + 1024)

local name = os.tmpname()
local fh = assert(io.open(name, "w"))
for i = 1, 1000 do fh:write(i, "\n") end
fh:close()
local sum, lines = 0, 0
for l in io.lines(name) do sum = sum + tonumber(l); lines = lines + 1 end
os.remove(name)
print("io", lines, sum)
print("math", math.floor(-3.5), math.tointeger(8.0), 7 // 2, 7 % -3, 2^10, math.maxinteger)
