-- lua: tables, closures, coroutines, string patterns, integer and float arithmetic.
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(fib(20), 2^53, 7 // 2, 7 % -3, math.maxinteger)
local words = {}
for w in ("the quick brown fox jumps over the lazy dog"):gmatch("%a+") do words[#words + 1] = w end
table.sort(words)
print(table.concat(words, ","))
local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i * i) end end)
print(gen(), gen(), gen())
local counts = {}
for i = 1, 10000 do local k = i % 7; counts[k] = (counts[k] or 0) + i end
local keys = {}
for k in pairs(counts) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do io.write(k, "=", counts[k], " ") end
print()
print(string.format("%.10f %5.2e %q", math.pi, 123456.789, "a\nb"))
local t = {}
for i = 1, 200 do t[i] = string.rep(string.char(65 + i % 26), i % 13) end
print(#table.concat(t), select("#", 1, nil, 3))
